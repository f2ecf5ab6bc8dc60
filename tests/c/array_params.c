/* Array parameters with `static`, qualifiers and `restrict` inside the
 * brackets, in both orders. */
#include <stdio.h>

static int first4(const int a[static 4]) { return a[0] + a[1] + a[2] + a[3]; }

static void scale(int n, double out[restrict n], const double in[const restrict n], double k)
{
    for (int i = 0; i < n; i++)
        out[i] = in[i] * k;
}

static int sum_const(int n, int a[const static 2])
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

static int sum_static_const(int a[static const 3]) { return a[0] * a[1] * a[2]; }

static long dot(int n, const int x[restrict static 1], const int y[restrict static 1])
{
    long s = 0;
    for (int i = 0; i < n; i++)
        s += (long)x[i] * y[i];
    return s;
}

static int volatile_first(int a[volatile 2]) { return a[0] - a[1]; }

static int matrix_corner(int rows, int cols, int m[static rows][cols])
{
    return m[0][0] + m[rows - 1][cols - 1];
}

int main(void)
{
    int v[6] = {1, 2, 3, 4, 5, 6};
    double in[3] = {1.5, 2.5, -3.0}, out[3];
    scale(3, out, in, 2.0);
    int m[2][3] = {{7, 8, 9}, {10, 11, 12}};
    printf("%d %.1f %.1f %.1f\n", first4(v), out[0], out[1], out[2]);
    printf("%d %d %ld %d %d\n", sum_const(6, v), sum_static_const(v + 1), dot(6, v, v),
           volatile_first(v + 4), matrix_corner(2, 3, m));
    return 0;
}
