// ferry-test: isolate --function smooth
// ferry-test: run 6 2 => to=120 from=32
// ferry-test: run 3 1 => to=72 from=8
// smooth reads the global `weights`: its clone takes it as a parameter, so
// the calls are isolated at their sites and their buffers shared around
// the time loop, loaded in its first iteration:
// - weights [0,2]: 24.
// - u: IN [0,n-1] (the first call reads it before any write): 8n.
// - v: IN {0, n-1} (the rim the second call reads, which the first never
//   writes); its hull [0,n-1] in one copy, which the host cost model
//   prefers to two copies of one element: 8n.
// - back: u [1,n-2], 8(n-2) (main prints u; v is not read afterwards).
// n and steps are read only, passed by value, 0.
// 6 2: 24 + 48 + 48 = 120, from 32.  3 1: 24 + 24 + 24 = 72, from 8.
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
