/* Type qualifiers in every place: const and volatile on objects, pointers
 * and pointees, restrict, _Atomic as qualifier and specifier, qualified
 * arrays and function pointer members. */
#include <stdatomic.h>
#include <stdio.h>

struct cfg {
    const int id;
    volatile unsigned flags;
    int (*const handler)(int);
    const char *const name;
};

static int ident(int x) { return x; }

static void add_all(int n, int *restrict dst, const int *restrict src)
{
    for (int i = 0; i < n; i++)
        dst[i] += src[i];
}

int main(void)
{
    const int ci = 1;
    volatile int vi = 2;
    const volatile int cvi = 3;
    int const ic = 4;
    int x = 5;
    int *const cp = &x;
    const int *pc = &ci;
    int const *const cpc = &x;
    const int *volatile *const ppv = &pc;
    _Atomic int ai = 6;
    _Atomic(long) al = 7;
    atomic_int counter = 0;
    atomic_fetch_add(&counter, 5);
    ai += 1;
    al++;
    static const int table[3] = {10, 20, 30};
    struct cfg c = {42, 0x3u, ident, "cfg"};
    c.flags |= 4;
    int dst[3] = {1, 1, 1};
    add_all(3, dst, table);
    *cp += 1;
    printf("%d %d %d %d %d %d %d\n", ci, vi, cvi, ic, *cp, *cpc, **ppv);
    printf("%d %ld %d %d %u %d %s\n", ai, (long)al, atomic_load(&counter), c.id, c.flags, c.handler(8), c.name);
    printf("%d %d %d\n", dst[0], dst[1], dst[2]);
    return 0;
}
