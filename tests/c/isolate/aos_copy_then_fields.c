// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=160 from=160
// ferry-test: run 1 => to=16 from=16
// ferry-test: run 0 => to=0 from=0
// Whole struct elements copied, then their fields changed in the same
// iteration: out[i] = in[i]; out[i].re *= 2; out[i].im += i. struct cplx
// is 2 doubles, 16 bytes.
// n: read only, passed by value -> 0.  in: R [0,n-1] -> 16n.
// out: its fields are read only after the whole element was written, so
//      the statement imports none of out (the whole element's write
//      removes its fields' reads from IN), and the whole elements are
//      surely written (the field writes do not make that unknown) -> no
//      load, store 16n.
// to = 16n, from = 16n.  n=10: 160 / 160; n=1: 16 / 16; n=0: 0 / 0.
#include <stdio.h>
#include <stdlib.h>

struct cplx {
    double re, im;
};

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    if (n < 0)
        return 1;
    struct cplx *in = malloc((n + 1) * sizeof *in);
    struct cplx *out = malloc((n + 1) * sizeof *out);
    if (!in || !out)
        return 1;
    for (int i = 0; i < n; i++) {
        in[i].re = i * 0.5;
        in[i].im = 3.0 - i;
    }
kernel:
    for (int i = 0; i < n; i++) {
        out[i] = in[i];
        out[i].re *= 2.0;
        out[i].im += i;
    }
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += out[i].re * (i + 1) - out[i].im;
    printf("%.6f\n", s);
    free(in);
    free(out);
    return 0;
}
