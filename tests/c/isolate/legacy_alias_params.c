// ferry-test: isolate --pragma
// ferry-test: run 10 => to=80 from=80
// ferry-test: run 1 => to=8 from=8
// ferry-test: run 0 => to=0 from=0
// Legacy code copies its pointer parameters into locals before the loop
// (`const double *x = in; double *y = out;`) and subscripts the copies.
// Each copy walks its parameter's block with the constant index 0, so the
// loop's regions are in[PHI1] and out[PHI1]; on the device the copies
// point at the same elements of the buffers (set before the statement).
// in read [0, n-1] -> 8n in; out written [0, n-1], summed by main -> 8n
// back; k and n by value. to = 8n, from = 8n: 10 -> 80 / 80; 1 -> 8 / 8;
// 0 -> nothing.
#include <stdio.h>
#include <stdlib.h>

static void scale(int n, const double *in, double *out, double k)
{
    const double *x = in;
    double *y = out;
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        y[i] = k * x[i];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 0 || n > 1000)
        return 2;
    double *a = malloc((n + 1) * sizeof *a);
    double *b = malloc((n + 1) * sizeof *b);
    for (int i = 0; i < n; i++)
        a[i] = i * 0.25;
    scale(n, a, b, 3.0);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += b[i] * (i % 3 + 1);
    printf("%.2f\n", s);
    free(a);
    free(b);
    return 0;
}
