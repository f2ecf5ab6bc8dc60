// ferry-test: isolate --function scale_row
// ferry-test: run 4 => to=128 from=128
// ferry-test: run 1 => to=8 from=8
// scale_row's call in the loop writes s (`s *= 0.5` among the arguments),
// so it is not a plain call (section 4.1: the transfers that leave a
// function go where evaluating the arguments writes nothing): the body is
// isolated, every call alone, and s stays on the host.
// Per call: n, i, s read only, passed by value: 0; a[i][0,n-1] in and
// out (8n each). 4: 4 * 32 = 128, from 4 * 32 = 128.  1: 8, from 8.
// (Isolating the call statements instead would also copy s back after
// every call: from = 4 * (32 + 8) = 160.)
#include <stdio.h>
#include <stdlib.h>

static void scale_row(int n, int i, double a[n][n], double s)
{
    for (int j = 0; j < n; j++)
        a[i][j] *= s;
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double (*a)[n] = malloc(sizeof(double[n][n]));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            a[i][j] = i - 2.0 * j;
    int i = 0;
    double s = 1.0;
    while (i < n) {
        scale_row(n, i, a, s *= 0.5);
        i++;
    }
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += a[i][j] * (i + j + 1);
    printf("%.6f\n", sum);
    free(a);
    return 0;
}
