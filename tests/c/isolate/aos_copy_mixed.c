// ferry-test: isolate --label kernel
// ferry-test: run 6 => to=96 from=144
// ferry-test: run 1 => to=16 from=24
// ferry-test: run 0 => to=0 from=0
// Whole structure elements copied and fields of the same elements read in
// one parallel loop: the copy reaches the source's bytes as `unsigned
// char`, the fields as `double`; both only read, so the two views of `in`
// may alias.
// struct cplx is 2 doubles, 16 bytes. n: read only, passed by value, 0.
// in: R [0,n-1] -> 16n.  out: the copy writes every byte of out[i]
//      (exact): stored 16n, not loaded.  d: W [0,n-1] exact -> 8n.
// to = 16n, from = 24n.  n=6: to 96, from 144; n=1: 16, 24; n=0: 0.
#include <stdio.h>
#include <stdlib.h>

struct cplx {
    double re, im;
};

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    struct cplx in[6], out[6];
    double d[6];
    for (int i = 0; i < 6; i++) {
        in[i].re = i * 1.5;
        in[i].im = 2.0 - i;
        out[i].re = out[i].im = -1;
        d[i] = -2;
    }
kernel:
    for (int i = 0; i < n; i++) {
        out[i] = in[i];
        d[i] = in[i].re - in[i].im;
    }
    for (int i = 0; i < 6; i++)
        printf("%.17g %.17g %.17g\n", out[i].re, out[i].im, d[i]);
    return 0;
}
