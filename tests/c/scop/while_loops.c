/* Loops of dynamic control in a SCoP (the PENCIL report's §3.2): a
 * `while` loop, a do-while and a `for` that is not counted are each one
 * statement of the part around them, which may write what their bodies
 * write (may-writes: they may stop at once) and reads what their conditions
 * read and their bodies read from before them. Listing 1: A sets s, B
 * iterates on it while a condition on data holds, C uses it. The loop
 * halving `a` does not run at all for a limit of 10 or more. The bodies
 * hold SCoPs of their own, shown after the part. The last loop's body
 * subscripts with its own variable halved, which is no affine form: the
 * loop is a statement placed by its stores, its read of b[m / 2] one of
 * any element of b. */
#include <stdio.h>
#include <stdlib.h>

static int start(int x)
{
    return x % 3 + 1;
}

static int step(int s)
{
    return 2 * s + 1;
}

static void while_loops(int n, int limit, int out[n], double a[n], double b[n])
{
    int s;
    for (int x = 0; x < n; ++x) {
        s = start(x);
        while (s < limit)
            s = step(s);
        out[x] = s;
    }
    while (a[1] > 0.1 * limit)
        for (int i = 0; i < n; i++)
            a[i] = a[i] * 0.5;
    double change = 1.0;
    while (change > 0.01) {
        for (int i = 1; i < n - 1; i++)
            b[i] = 0.5 * (a[i - 1] + a[i + 1]);
        change = 0.0;
        for (int i = 1; i < n - 1; i++) {
            double d = b[i] - a[i];
            if (d < 0)
                d = -d;
            if (d > change)
                change = d;
            a[i] = b[i];
        }
    }
    do {
        for (int i = 0; i < n; i++)
            a[i] = a[i] * 0.5;
    } while (a[0] > 0.25);
    for (double t = 0.0; t < 1.0; t += 0.25)
        for (int i = 0; i < n; i++)
            b[i] += t;
    for (int m = n; m > 1; m = m / 2)
        b[m - 1] = b[m / 2];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 6;
    int limit = argc > 2 ? atoi(argv[2]) : 20;
    if (n < 3)
        n = 3;
    int *out = malloc(sizeof(int[n]));
    double *a = malloc(sizeof(double[n]));
    double *b = malloc(sizeof(double[n]));
    if (!out || !a || !b)
        return 1;
    for (int i = 0; i < n; i++) {
        a[i] = i % 2 ? 1.0 : 0.0;
        b[i] = 0.0;
    }
    while_loops(n, limit, out, a, b);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += out[i] * (i + 1) + a[i] - 2.0 * b[i];
    printf("%.6f\n", sum);
    free(out);
    free(a);
    free(b);
    return 0;
}
