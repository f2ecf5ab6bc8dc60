// cflags: -std=gnu89
// args: 3 | 7
/* Old-style (K&R) definitions: each parameter's type comes from the
 * declarations after the identifier list, so that `dst`, `src` and `v`
 * are arrays whose regions are named, and calls translate them as for
 * prototypes (a `short` parameter is passed as an `int`). */
#include <stdio.h>
#include <stdlib.h>

int g[16];

copy_shifted(dst, src, n, by)
    int *dst, *src;
    register n;
    int by;
{
    register i;
    for (i = 0; i < n; i++)
        dst[i] = src[i + by];
    return n;
}

static total(v, n)
    double v[];
    short n;
{
    double s = 0;
    register k;
    for (k = 0; k < n; k++)
        s += v[k];
    return (int)s;
}

main(argc, argv)
    int argc;
    char **argv;
{
    int n = atoi(argv[1]);
    int d[16];
    double v[16];
    register i;
    for (i = 0; i < 16; i++) {
        g[i] = i * 3;
        v[i] = i;
    }
    copy_shifted(d, g, n, 2);
    printf("%d %d %d %d\n", argc, d[0], d[n - 1], total(v, n));
    return 0;
}
