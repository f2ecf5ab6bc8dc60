// ferry-test: isolate --label kernel
// ferry-test: run 100 => to=800 from=800
// ferry-test: run 7 => to=56 from=56
// Calls of <math.h> (sqrt, fabs, exp, floor) inside the isolated loop: pure,
// they touch no memory. x read [0, n-1] -> 8n in; y written exactly
// [0, n-1], read by main -> 8n back; n read only -> 0.
// 100 -> 800 / 800; 7 -> 56 / 56.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100;
    double *x = malloc(n * sizeof(double)), *y = malloc(n * sizeof(double));
    for (int i = 0; i < n; i++)
        x[i] = (i % 11) - 5.0;
kernel:
    for (int i = 0; i < n; i++)
        y[i] = sqrt(fabs(x[i])) + exp(-x[i] * x[i]) + floor(x[i] / 3.0);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += y[i];
    printf("%.6f\n", s);
    return 0;
}
