/* Calls of functions that read and write a flattened matrix m[i * cols + j]
   through a flat pointer, with rows and cols known only when the program
   runs. Inside the callees the subscripts delinearise into rows of `cols`
   elements; at the calls the offsets i * cols + j are not affine, and the
   regions are runs bounded by products of two variables (rows * cols),
   named as parameters of their own:
   - transpose reads all of `a` and writes all of `b` (exact runs);
   - the call on `a + cols` with rows - 1 rows starts one row in (the run
     starts at cols);
   - clear_diagonal writes one element per row (a may run);
   - the products mean nothing before `rows` and `cols` are assigned, and
     are forgotten there;
   - a row length `w` assigned twice does not keep its value: its call
     keeps the run from the pointer on, unbounded (may). */
// args: 4 3 | 1 5 | 3 1 | 0 2
#include <stdio.h>
#include <stdlib.h>

static void transpose(int rows, int cols, const double *a, double *b)
{
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            b[j * rows + i] = a[i * cols + j];
}

static void scale_rows(int rows, int cols, double *m, double k)
{
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            m[i * cols + j] = m[i * cols + j] * k;
}

static void clear_diagonal(int rows, int cols, double *m)
{
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            if (i == j)
                m[i * cols + j] = 0;
}

int main(int argc, char **argv)
{
    int rows = argc > 1 ? atoi(argv[1]) : 4;
    int cols = argc > 2 ? atoi(argv[2]) : 3;
    double *a = malloc((rows * cols + 1) * sizeof(double));
    double *b = malloc((rows * cols + 1) * sizeof(double));
    for (int k = 0; k < rows * cols; k++)
        a[k] = k % 7;
    transpose(rows, cols, a, b);
    if (rows > 0)
        scale_rows(rows - 1, cols, a + cols, 2.0);
    clear_diagonal(rows, cols, b);
    double s = 0;
    for (int k = 0; k < rows * cols; k++)
        s += a[k] + 3 * b[k];
    int w = cols;
    w = w > 1 ? w - 1 : w;
    scale_rows(1, w, b, 0.5);
    s += b[0] + w;
    printf("%.1f\n", s);
    free(a);
    free(b);
    return 0;
}
