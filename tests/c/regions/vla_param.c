/* Variable-length array parameters: int n, double a[n][n]. */
// args: 2 | 5
#include <stdio.h>
#include <stdlib.h>

void init(int n, double a[n][n]) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            a[i][j] = i - j;
}

void scale_row(int n, double a[n][n], int r, double f) {
    for (int j = 0; j < n; j++)
        a[r][j] *= f;
}

double trace(int n, double a[n][n]) {
    double t = 0;
    for (int i = 0; i < n; i++)
        t += a[i][i];
    return t;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 5;
    if (n > 6)
        n = 6;
    double a[n][n];
    init(n, a);
    for (int r = 0; r < n; r += 2)
        scale_row(n, a, r, 2.0);
    a[n - 1][0] = trace(n, a) + 1;
    double s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            s += a[i][j] * (i + 1) * (j + 2);
    printf("%d %.2f\n", n, s);
    return 0;
}
