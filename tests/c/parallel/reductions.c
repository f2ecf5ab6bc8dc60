/* The loops of `cases`, each decided by `ferry isolate --explain`: the
 * scalar reductions ferry runs in parallel, and the near misses it must
 * keep sequential. Every scalar is read after its loop. Then a scratch array
 * private to each iteration (`cases` is static: main, which reads nothing of
 * it afterwards, is its only caller), and one read after its loop (not private). */
#include <stdio.h>
#include <stdlib.h>

long counter;

static void cases(int n, const int *a, const double *x, int *b, long *out, double *dout,
                  long *scratch, long *kept)
{
    long s = 0, d = 0, alt = 0, t = 1, u = 0, last = 0;
    int m = 1000, m2 = -1000;
    double dmax = -1.0, dsum = 0.0, dmin = 1e9;
    for (int i = 0; i < n; i++)
        s += a[i];
    for (int i = 0; i < n; i++)
        d = d - a[i];
    for (int i = 0; i < n; i++)
        alt = a[i] - alt;
    for (int i = 0; i < n; i++)
        m = a[i] < m ? a[i] : m;
    for (int i = 0; i < n; i++)
        if (m2 <= a[i])
            m2 = a[i];
    for (int i = 0; i < n; i++)
        if (x[i] < dmin)
            dmin = x[i];
    for (int i = 0; i < n; i++)
        if (x[i] >= dmax)
            dmax = x[i];
    for (int i = 0; i < n; i++)
        dsum += x[i];
    for (int i = 0; i < n; i++) {
        t += a[i];
        t *= 2;
    }
    for (int i = 0; i < n; i++) {
        u += a[i];
        b[i] = (int)u;
    }
    for (int i = 0; i < n; i++)
        counter += a[i] & 1;
    for (int i = 0; i < n; i++)
        last = a[i];
    for (int i = 0; i < n; i++) {
        scratch[0] = a[i];
        scratch[1] = 2 * a[i];
        b[i] += (int)(scratch[0] + scratch[1]);
    }
    kept[0] = 0;
    for (int i = 0; i < n; i++) {
        kept[0] = a[i];
        b[i] += (int)kept[0];
    }
    out[7] += kept[0];
    out[0] = s;
    out[1] = d;
    out[2] = alt;
    out[3] = m;
    out[4] = m2;
    out[5] = t;
    out[6] = u;
    out[7] = last;
    dout[0] = dmax;
    dout[1] = dsum;
    dout[2] = dmin;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    int *a = malloc((n + 1) * sizeof(int)), *b = malloc((n + 1) * sizeof(int));
    double *x = malloc((n + 1) * sizeof(double));
    long out[8];
    double dout[3];
    for (int i = 0; i < n; i++) {
        a[i] = (i * 37) % 101 - 50;
        x[i] = ((i * 53) % 89) / 7.0 - 6.0;
        b[i] = 0;
    }
    long scratch[2], kept[2];
    cases(n, a, x, b, out, dout, scratch, kept);
    for (int k = 0; k < 8; k++)
        printf("%ld\n", out[k]);
    printf("%.17g %.17g %.17g %ld %d\n", dout[0], dout[1], dout[2], counter, b[n > 0 ? n - 1 : 0]);
    return 0;
}
