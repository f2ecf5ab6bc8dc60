// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=160 from=160
// ferry-test: run 1 => to=16 from=16
// ferry-test: run 0 => to=0 from=0
// Whole struct elements copied in reverse: out[i] = in[n-1-i]; struct cplx is 2 doubles, 16 bytes.
// n: read only, passed by value -> 0.  in: R [0,n-1] -> 16n.
// out: W [0,n-1] of whole elements: every byte of out[i] is assigned, so the write is exact (the
//      "arrays of structs count as may" rule is for field accesses such as pts[i].x, which leave
//      the rest of the element unwritten) -> store 16n, no load.
// to = 16n, from = 16n.  n=10: 160 / 160; n=1: 16 / 16; n=0: 0 / 0.
#include <stdio.h>
#include <stdlib.h>

struct cplx {
    double re, im;
};

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    struct cplx in[16], out[16];
    for (int i = 0; i < 16; i++) {
        in[i].re = i * 0.5;
        in[i].im = -i * 0.25;
        out[i].re = out[i].im = 9.0;
    }
kernel:
    for (int i = 0; i < n; i++)
        out[i] = in[n - 1 - i];
    for (int i = 0; i < 16; i++)
        printf("%.17g %.17g\n", out[i].re, out[i].im);
    return 0;
}
