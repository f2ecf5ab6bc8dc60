// ferry-test: isolate --pragma
// ferry-test: run 50 => to=1000 from=400
// ferry-test: run 3 => to=60 from=24
// A switch in the loop body picks what each element gets. A switch is an
// unstructured part of the control-flow graph: its writes are may, so y
// is loaded before being stored back. op (int) and x (double) read
// [0, n-1]: 4n + 8n; y loaded 8n and stored 8n.
// to = 20n, from = 8n: 50 -> 1000 / 400; 3 -> 60 / 24.
#include <stdio.h>
#include <stdlib.h>

void apply(int n, const int *op, const double *x, double *y)
{
    for (int i = 0; i < n; i++) {
        switch (op[i]) {
        case 0:
            y[i] = x[i];
            break;
        case 1:
            y[i] = -x[i];
            break;
        case 2:
            y[i] = x[i] * x[i];
            break;
        default:
            y[i] = 0;
        }
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 50;
    int *op = malloc(n * sizeof(int));
    double *x = malloc(n * sizeof(double)), *y = malloc(n * sizeof(double));
    for (int i = 0; i < n; i++) {
        op[i] = i % 4;
        x[i] = i * 0.5;
    }
#pragma ferry isolate
    apply(n, op, x, y);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += y[i] * (i + 1);
    printf("%.2f\n", s);
    return 0;
}
