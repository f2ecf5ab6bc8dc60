/* Heap blocks named by the pointer they were allocated into (x, t, y and
 * the block realloc grows), and one whose pointer escapes into a global
 * (g: memory ferry cannot name). main returns early, so its body is an
 * unstructured graph. */
// args: 4 | 9
#include <stdio.h>
#include <stdlib.h>

static double *kept;

static void keep(double *p)
{
    kept = p;
}

static void square_plus(int n, const double *x, double *t, double *y)
{
    for (int i = 0; i < n; i++) {
        t[i] = x[i] * x[i];
        y[i] = t[i] + x[i];
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4;
    if (n < 1 || n > 32)
        return 2;
    double *x = malloc(n * sizeof *x);
    double *t = malloc(n * sizeof *t);
    double *y = malloc(n * sizeof *y);
    double *g = malloc(n * sizeof *g);
    if (!x || !t || !y || !g)
        return 1;
    keep(g);
    for (int i = 0; i < n; i++) {
        x[i] = i * 0.5 + 1.0;
        g[i] = i;
    }
    square_plus(n, x, t, y);
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += y[i] * (i + 1) + kept[i];
    x = realloc(x, 2 * n * sizeof *x);
    if (!x)
        return 1;
    for (int i = n; i < 2 * n; i++)
        x[i] = x[i - n] + s;
    for (int i = 0; i < 2 * n; i++)
        s += x[i];
    printf("%.6f\n", s);
    free(x);
    free(t);
    free(y);
    free(g);
    return 0;
}
