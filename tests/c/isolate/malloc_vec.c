// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=80 from=80
// ferry-test: run 1 => to=8 from=8
// ferry-test: run 0 => to=0 from=0
// Arrays allocated with malloc (memory behind pointer variables), double.
// n: read only, passed by value -> 0; i local.  b: R [0,n-1] -> 8n.  a: W [0,n-1] exact -> store 8n, no load.
// to = 8n, from = 8n.  n=10: 80 / 80; n=1: 8 / 8; n=0: 0 / 0.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double *a = malloc(16 * sizeof(double));
    double *b = malloc(16 * sizeof(double));
    for (int i = 0; i < 16; i++) {
        a[i] = -1.0;
        b[i] = i * 0.1;
    }
kernel:
    for (int i = 0; i < n; i++)
        a[i] = b[i] * 2.0 + 1.0;
    for (int i = 0; i < 16; i++)
        printf("%.17g\n", a[i]);
    free(a);
    free(b);
    return 0;
}
