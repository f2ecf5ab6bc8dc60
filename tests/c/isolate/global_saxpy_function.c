// ferry-test: isolate --function saxpy
// ferry-test: run 20 => to=320 from=160
// ferry-test: run 1 => to=16 from=8
// ferry-test: run 0 => to=0 from=0
// --function on a function working on global arrays g_x, g_y (double[32]).
// n (int) and alpha (double): read only, passed by value -> 0.  g_x: R [0,n-1] -> 8n.  g_y: R = W = [0,n-1] exact -> 8n + 8n.
// to = 16n, from = 8n.  n=20: 320 / 160; n=1: 16 / 8; n=0: 0 / 0.
#include <stdio.h>
#include <stdlib.h>

double g_x[32], g_y[32];

void saxpy(int n, double alpha)
{
    for (int i = 0; i < n; i++)
        g_y[i] += alpha * g_x[i];
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    for (int i = 0; i < 32; i++) {
        g_x[i] = 1.0 / (i + 3);
        g_y[i] = i * 0.125;
    }
    saxpy(n, 2.5);
    for (int i = 0; i < 32; i++)
        printf("%.17g\n", g_y[i]);
    return 0;
}
