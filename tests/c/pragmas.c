/* #pragma lines: at file scope (diagnostics, pack), before loops (GCC unroll,
 * ivdep, omp), before other statements, at the end of a block, and from the
 * _Pragma operator. */
#include <stdio.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
static int unused_helper(void) { return 1; }
#pragma GCC diagnostic pop

#pragma pack(push, 1)
struct packed {
    char c;
    int i;
    short s;
};
#pragma pack(pop)

struct normal {
    char c;
    int i;
    short s;
};

#define UNROLL2 _Pragma("GCC unroll 2")

int main(void)
{
    int a[16], s = 0;
#pragma GCC unroll 4
    for (int i = 0; i < 16; i++)
        a[i] = i * i;
#pragma GCC ivdep
#pragma GCC unroll 2
    for (int i = 0; i < 16; i++)
        s += a[i];
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < 16; i++)
        s += i;
    UNROLL2
    for (int i = 0; i < 4; i++)
        s -= i;
    int t = 0;
#pragma GCC unroll 1
    while (t < 3)
        t++;
    {
        s += t;
#pragma GCC diagnostic ignored "-Wshadow"
    }
    printf("%d %zu %zu\n", s, sizeof(struct packed), sizeof(struct normal));
    return 0;
}
