/* covariance: the covariance matrix of m variables (columns of data) over
 * n observations; the data is centred in place, and only the upper
 * triangle is computed, then mirrored. */
#include <stdio.h>
#include <stdlib.h>

static void covariance(int m, int n, double data[n][m], double cov[m][m], double mean[m])
{
    for (int j = 0; j < m; j++) {
        mean[j] = 0.0;
        for (int i = 0; i < n; i++)
            mean[j] += data[i][j];
        mean[j] /= n;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            data[i][j] -= mean[j];
    for (int i = 0; i < m; i++)
        for (int j = i; j < m; j++) {
            cov[i][j] = 0.0;
            for (int k = 0; k < n; k++)
                cov[i][j] += data[k][i] * data[k][j];
            cov[i][j] /= n - 1.0;
            cov[j][i] = cov[i][j];
        }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int m = n - 2;
    double (*data)[m] = malloc(sizeof(double[n][m]));
    double (*cov)[m] = malloc(sizeof(double[m][m]));
    double *mean = malloc(sizeof(double[m]));
    if (!data || !cov || !mean)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            data[i][j] = (double)(i * j) / m + i;
    covariance(m, n, data, cov, mean);
    double sum = 0.0;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++)
            sum += cov[i][j] * ((i + 2 * j) % 3 + 1);
    printf("covariance %d: %.6f\n", n, sum);
    free(data);
    free(cov);
    free(mean);
    return 0;
}
