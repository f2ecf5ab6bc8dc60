/* Host scalars a one-work-item kernel writes (a floating-point sum stays
 * sequential, so each sum loop below is such a kernel). `cases` has:
 * - `norm`, declared with its value in a row loop's body and read by
 *   nothing after its kernel (the next row declares it afresh): dead, so
 *   the kernel keeps its writes and the host reads nothing back;
 * - `total`, read by a statement after its kernel: sent back in a cell;
 * - `carried`, declared before the row loop and summed at every row: the
 *   next row's kernel reads what this one wrote, so it comes back in a
 *   cell although nothing after the row's kernel names it in the body. */
#include <stdio.h>
#include <stdlib.h>

static void cases(int n, const double (*x)[n], double *y, double *z)
{
    double carried = 0.0;
    for (int i = 0; i < n; i++) {
        double norm = 0.0;
        for (int j = 0; j < n; j++)
            norm += x[i][j] * x[i][j];
        y[i] = norm;
        for (int j = 0; j < n; j++)
            carried += x[i][j];
        for (int j = 0; j < n; j++)
            z[j] += x[i][j] * 0.5;
    }
    double total = 1.0;
    for (int i = 0; i < n; i++)
        total += y[i];
    for (int j = 0; j < n; j++)
        z[j] += 1.0;
    y[0] = total + carried;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 2)
        n = 2;
    double (*x)[n] = malloc(sizeof(double[n][n]));
    double *y = malloc(sizeof(double[n]));
    double *z = malloc(sizeof(double[n]));
    if (!x || !y || !z)
        return 1;
    for (int i = 0; i < n; i++) {
        y[i] = z[i] = 0.0;
        for (int j = 0; j < n; j++)
            x[i][j] = (double)((i * 7 + j * 3) % 11) / 11;
    }
    cases(n, x, y, z);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += y[i] * (i + 1) + z[i] * (i + 2);
    printf("dead scalars %d: %.6f\n", n, sum);
    free(x);
    free(y);
    free(z);
    return 0;
}
