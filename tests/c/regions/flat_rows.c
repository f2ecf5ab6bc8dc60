/* Flat arrays through pointer parameters, subscripted m[r * cols + c]:
   seen with rows, m[PHI1][PHI2], where every column stays in its row. */
// args: 3 4 | 5 2
#include <stdio.h>
#include <stdlib.h>

void scale(int rows, int cols, double *m, double f)
{
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            m[r * cols + c] = f * m[r * cols + c];
}

/* A 5-point stencil on the interior: columns c - 1 and c + 1 stay inside. */
void smooth(int n, const double *in, double *out)
{
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
            out[i * n + j] = (in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                              in[i * n + j - 1] + in[i * n + j + 1]) / 4;
}

/* Three dimensions flattened: two row lengths. */
void fill3(int nx, int ny, int nz, int *t)
{
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++)
            for (int k = 0; k < nz; k++)
                t[(i * ny + j) * nz + k] = i + 2 * j + 3 * k;
}

/* c + 1 reaches the next row at c = cols - 1: no rows for `w`. */
void shift(int rows, int cols, double *w)
{
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            w[r * cols + c] = w[r * cols + c + 1];
}

/* Row lengths in globals that neither the function nor its callees
   assign: rows. `grow` changes `width` between accesses: flat. */
int height, width;

void bump(double *g)
{
    for (int i = 0; i < height; i++)
        for (int j = 0; j < width; j++)
            g[i * width + j] += j;
}

void widen(void)
{
    width = width + 1;
}

void grow(double *g)
{
    for (int i = 0; i < height; i++) {
        g[i * width] = i;
        widen();
    }
}

/* A local pointer allocated once and freed, with a local row length
   assigned once: rows. */
double local_grid(int rows)
{
    if (rows < 1)
        return 0;
    int cols = rows + 2;
    double *g = malloc(sizeof(double) * rows * cols);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            g[r * cols + c] = r * c;
    double s = g[0] + g[(rows - 1) * cols + cols - 1];
    free(g);
    return s;
}

int main(int argc, char **argv)
{
    int rows = argc > 2 ? atoi(argv[1]) : 3;
    int cols = argc > 2 ? atoi(argv[2]) : 4;
    double *m = malloc(sizeof(double) * (rows * cols + 1));
    for (int i = 0; i < rows * cols + 1; i++)
        m[i] = i;
    scale(rows, cols, m, 0.5);
    shift(rows, cols, m);
    int n = rows + cols;
    double s0;
    double *a = malloc(sizeof(double) * n * n), *b = malloc(sizeof(double) * n * n);
    for (int i = 0; i < n * n; i++)
        a[i] = b[i] = i % 5;
    smooth(n, a, b);
    int *t = malloc(sizeof(int) * rows * cols * 2);
    fill3(rows, cols, 2, t);
    height = rows;
    width = cols;
    bump(m);
    grow(a);
    s0 = local_grid(rows);
    double s = s0;
    for (int i = 0; i < rows * cols; i++)
        s += m[i] + t[i];
    for (int i = 0; i < n * n; i++)
        s += b[i];
    printf("%g\n", s);
    free(m);
    free(a);
    free(b);
    free(t);
    return 0;
}
