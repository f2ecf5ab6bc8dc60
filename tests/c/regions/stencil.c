/* A 1-D Jacobi stencil with a copy back, and an in-place smoothing that
   reads what it wrote. */
// args: 5 | 14
#include <stdio.h>
#include <stdlib.h>

double u[16], v[16];

void step(int n) {
    for (int i = 1; i < n - 1; i++)
        v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0;
    for (int i = 1; i < n - 1; i++)
        u[i] = v[i];
}

void smooth(int n) {
    for (int i = 1; i < n; i++)
        u[i] = 0.5 * (u[i] + u[i - 1]);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 14;
    if (n > 16)
        n = 16;
    for (int i = 0; i < 16; i++)
        u[i] = (i * 37) % 10;
    for (int t = 0; t < 3; t++)
        step(n);
    smooth(n);
    double s = 0;
    for (int i = 0; i < 16; i++)
        s += u[i] * (i + 1);
    printf("%d %.4f\n", n, s);
    return 0;
}
