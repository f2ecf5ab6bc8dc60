/* Unions: members share their object's bytes, so the regions of a
   member's accesses are the union object's (a write through a member is
   may); a member array indexed inside a union element, a union inside a
   structure. */
// args: 3 | 9
#include <stdio.h>
#include <stdlib.h>

union cell {
    int i;
    float f;
    short half[2];
};

struct tagged {
    int kind;
    union {
        int i;
        float f;
    } as;
};

union cell v[16];
struct tagged t[16];

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    for (int i = 0; i < 16; i++) {
        v[i].i = 1000 + i;
        t[i].kind = i % 2;
        t[i].as.i = i;
    }
    for (int i = 1; i < n; i++) {
        v[i].f = 2.5f * i;
        v[i - 1].half[1] = (short)v[i].half[0];
    }
    for (int i = 0; i < n; i++)
        if (t[i].kind)
            t[i].as.f = t[i].as.i * 0.5f;
    long sum = 0;
    for (int i = 0; i < 16; i++)
        sum += v[i].i + t[i].as.i + t[i].kind;
    printf("%ld\n", sum);
    return 0;
}
