// ferry-test: isolate --pragma
// ferry-test: run 9 => to=76 from=40
// ferry-test: run 1 => to=12 from=8
// ferry-test: run 0 => to=4 from=4
// The copy loop of legacy code: two pointers walked with `*d++ = *s++`,
// started from heap blocks allocated once (so the blocks are their
// bases), counted down by `m-- > 0`, which tests m before stepping it.
// The walks are indices into src and dst; the loop is not counted.
// src read [0, n-1] -> 4n in; dst written [0, n-1], may -> 4n in and 4n
// back; m is written (scalars written move both ways) -> 4 each way; s
// and d start and end inside the statement: nothing.
// to = 8n + 4, from = 4n + 4: 9 -> 76 / 40; 1 -> 12 / 8; 0 -> 4 / 4.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 16;
    int *src = malloc((n + 1) * sizeof *src), *dst = malloc((n + 1) * sizeof *dst);
    for (int k = 0; k < n; k++)
        src[k] = k * k - 7;
    int *s, *d, m;
#pragma ferry isolate
    for (s = src, d = dst, m = n; m-- > 0;)
        *d++ = *s++ * 2;
    long t = 0;
    for (int k = 0; k < n; k++)
        t += dst[k] * (k % 3);
    printf("%ld\n", t);
    free(src);
    free(dst);
    return 0;
}
