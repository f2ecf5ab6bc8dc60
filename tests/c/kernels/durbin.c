/* durbin: Levinson-Durbin recursion, solving the Yule-Walker equations of
 * a Toeplitz system given its autocorrelation r; z is a scratch copy. */
#include <stdio.h>
#include <stdlib.h>

static void durbin(int n, double r[n], double y[n], double z[n])
{
    double alpha = -r[0];
    double beta = 1.0;
    y[0] = -r[0];
    for (int k = 1; k < n; k++) {
        beta = (1.0 - alpha * alpha) * beta;
        double sum = 0.0;
        for (int i = 0; i < k; i++)
            sum += r[k - i - 1] * y[i];
        alpha = -(r[k] + sum) / beta;
        for (int i = 0; i < k; i++)
            z[i] = y[i] + alpha * y[k - i - 1];
        for (int i = 0; i < k; i++)
            y[i] = z[i];
        y[k] = alpha;
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    double *r = malloc(sizeof(double[n]));
    double *y = malloc(sizeof(double[n]));
    double *z = malloc(sizeof(double[n]));
    if (!r || !y || !z)
        return 1;
    for (int i = 0; i < n; i++) {
        r[i] = 0.5 / (i + 1);
        y[i] = z[i] = 0.0;
    }
    durbin(n, r, y, z);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += y[i] * (i % 4 + 1);
    printf("durbin %d: %.6f\n", n, sum);
    free(r);
    free(y);
    free(z);
    return 0;
}
