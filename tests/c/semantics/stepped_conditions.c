/* Loop conditions that step a variable once: `i-- > 0` tests the old
 * value, `--m > 0` the new one, `n--` tests n != 0 before stepping it, on
 * signed and unsigned counters; and a step under `&&`, whose condition
 * keeps no guard (the step may not happen). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 7;
    if (n < 0 || n > 100)
        return 1;
    int a = 0;
    int i;
    for (i = n; i-- > 0;)
        a += i;
    unsigned u = (unsigned)n;
    unsigned b = 0;
    while (u--)
        b += u;
    int m = n + 1;
    int c = 0;
    while (--m > 0)
        c += m;
    int k = 0;
    int d = 0;
    do
        d += k;
    while (k++ < 5);
    int j = n;
    int e = 0;
    while (e < 50 && j-- > 0)
        e += 2;
    printf("%d %d %u %u %d %d %d %d %d %d\n", a, i, b, u, c, m, d, k, e, j);
    return 0;
}
