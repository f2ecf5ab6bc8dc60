/* Variables declared in a loop's body die at its end (PENCIL's kills,
 * report section 3.8): `t` and `row` are killed after each iteration, so
 * no dependence crosses iterations through them, neither is live-out, and
 * what is written into them after their last read is dead. */
#include <stdio.h>
#include <stdlib.h>

static void kills(int n, double a[n][8], double b[n])
{
    for (int i = 0; i < n; i++) {
        double t;
        double row[8];
        for (int j = 0; j < 8; j++)
            row[j] = a[i][j] * 2.0;
        t = 0.0;
        for (int j = 0; j < 8; j++)
            t = t + row[j];
        b[i] = t;
        row[0] = t;
        t = -1.0;
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4;
    if (n < 1)
        return 1;
    double (*a)[8] = malloc(sizeof(double[n][8]));
    double *b = malloc(sizeof(double[n]));
    if (!a || !b)
        return 1;
    for (int i = 0; i < n; i++) {
        b[i] = -3.0;
        for (int j = 0; j < 8; j++)
            a[i][j] = 0.25 * (i + 2 * j);
    }
    kills(n, a, b);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += (i + 1) * b[i];
    printf("kills %d: %.3f\n", n, sum);
    free(a);
    free(b);
    return 0;
}
