// ferry-test: isolate --pragma
// ferry-test: refuse cannot size the copy of `a`
// The call of a function that reads a flattened matrix a[i * cols + j] with
// rows and cols known only when the program runs: inside transpose the
// products delinearise, but in main the flat offsets of a are products of
// two variables, which the convex regions cannot bound. Refused, naming
// the array (legacy_flat_transpose.c isolates the function's body).
#include <stdio.h>
#include <stdlib.h>

void transpose(int rows, int cols, const double *a, double *b)
{
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            b[j * rows + i] = a[i * cols + j];
}

int main(int argc, char **argv)
{
    int rows = argc > 1 ? atoi(argv[1]) : 10;
    int cols = argc > 2 ? atoi(argv[2]) : 7;
    double *a = malloc(rows * cols * sizeof(double));
    double *b = malloc(rows * cols * sizeof(double));
    for (int k = 0; k < rows * cols; k++)
        a[k] = k % 17;
#pragma ferry isolate
    transpose(rows, cols, a, b);
    double s = 0;
    for (int k = 0; k < rows * cols; k++)
        s += b[k] * (k % 5 + 1);
    printf("%.1f\n", s);
    return 0;
}
