// args: 3 | 8
/* A whole struct element written, then its fields read and written in
 * the same iteration: the fields' reads are of what the iteration wrote,
 * so the loop imports none of `out` (the write of `out[i]` removes
 * `out[i].re` and `out[i].im` from its IN), and the 2-D array of
 * structures likewise; the previous element's field is imported where the
 * first iteration reads it. */
#include <stdio.h>
#include <stdlib.h>

struct cplx {
    double re, im;
};

static struct cplx in[16], out[16], g[16][4];

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    if (n < 1 || n > 16)
        return 1;
    for (int i = 0; i < 16; i++) {
        in[i].re = i * 0.5;
        in[i].im = 2.0 - i;
        out[i].re = out[i].im = 1.0;
    }
    for (int i = 0; i < n; i++) {
        out[i] = in[i];
        out[i].re *= 2.0;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 4; j++) {
            g[i][j] = in[i];
            g[i][j].im -= j;
        }
    for (int i = 1; i < n; i++) {
        out[i].im += out[i - 1].re;
        out[i - 1] = in[i];
    }
    double s = 0.0;
    for (int i = 0; i < 16; i++) {
        s += out[i].re - 2 * out[i].im;
        for (int j = 0; j < 4; j++)
            s += g[i][j].im * (j + 1);
    }
    printf("%.6f\n", s);
    return 0;
}
