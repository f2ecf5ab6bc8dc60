// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=164 from=84
// ferry-test: run 1 => to=20 from=12
// ferry-test: run 0 => to=4 from=4
// Step -3 loop, double: b[i] += 2*a[i] for i = n-1, n-4, ..., down to 0 when (n-1)%3==0 (the runs).
// i (outside): loaded and stored, 4 + 4; n: read only, passed by value, 0.
// a: R hull [0, n-1] -> load 8n.  b: R = W = {n-1, n-4, ..., 0}; hull [0, n-1]
//    -> store 8n, load 8n (read anyway, whatever the stride precision).
// to = 4 + 16n, from = 4 + 8n.  n=10: 164 / 84; n=1: 20 / 12; n=0: 4 / 4.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double a[32], b[32];
    int i;
    for (i = 0; i < 32; i++) {
        a[i] = 1.0 / (i + 7);
        b[i] = i * 1.25;
    }
kernel:
    for (i = n - 1; i >= 0; i -= 3)
        b[i] += 2.0 * a[i];
    for (i = 0; i < 32; i++)
        printf("%.17g\n", b[i]);
    printf("i=%d\n", i);
    return 0;
}
