// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=64 from=32
// ferry-test: run 3 => to=8 from=4
// ferry-test: run 2 => to=0 from=0
// Sub-range with shifted subscripts, float: a[i+1] for i in [1, n-2] is a[2..n-1].
// i is declared in the statement: not transferred. n: read only, passed by value, 0.
// a: R = W = [2, n-1] exact -> load 4(n-2), store 4(n-2).
// b: R [0, n-3] -> load 4(n-2).
// n=10: to 32+32=64, from 32; n=3: to 4+4=8, from 4; n=2: zero iterations, to 0, from 0.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    float a[40], b[40];
    for (int i = 0; i < 40; i++) {
        a[i] = 0.25f * i;
        b[i] = 1.0f / (i + 3);
    }
kernel:
    for (int i = 1; i <= n - 2; i++)
        a[i + 1] = 3.0f * b[i - 1] - a[i + 1];
    for (int i = 0; i < 40; i++)
        printf("%.9g\n", a[i]);
    return 0;
}
