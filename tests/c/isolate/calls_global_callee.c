// ferry-test: isolate --function smooth
// ferry-test: run 6 2 => to=288 from=128
// ferry-test: run 3 1 => to=96 from=16
// smooth reads the global `weights`, so its calls cannot be isolated (a
// clone that runs on the device cannot reach host globals): the
// transfers stay at smooth's entry and exit, every call alone.
// Per call: weights (24), in [0,n-1] (8n), n (read only, passed by value:
// 0); out [1,n-2] (8(n-2)).
// 6 2: 4 calls * 72 = 288, 4 * 32 = 128.  3 1: 2 * 48 = 96, 2 * 8 = 16.
#include <stdio.h>
#include <stdlib.h>

double weights[3] = {0.25, 0.5, 0.25};

static void smooth(int n, double in[n], double out[n])
{
    for (int i = 1; i < n - 1; i++)
        out[i] = weights[0] * in[i - 1] + weights[1] * in[i] + weights[2] * in[i + 1];
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), steps = atoi(argv[2]);
    double *u = malloc(sizeof(double[n]));
    double *v = malloc(sizeof(double[n]));
    for (int i = 0; i < n; i++)
        u[i] = v[i] = (i * 5) % 3;
    for (int t = 0; t < steps; t++) {
        smooth(n, u, v);
        smooth(n, v, u);
    }
    for (int i = 0; i < n; i++)
        printf("%g ", u[i]);
    printf("\n");
    free(u);
    free(v);
    return 0;
}
