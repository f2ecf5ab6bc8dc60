/* Triangular loop nests: lower triangle (j <= i) and upper triangle
   starting at the diagonal. */
// args: 1 | 5 | 8
#include <stdio.h>
#include <stdlib.h>

double m[8][8];
double v[8];

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 5;
    if (n > 8)
        n = 8;
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++)
            m[i][j] = i + 0.5 * j;
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++)
            m[i][j] += 1.0;
    for (int i = 0; i < n; i++) {
        v[i] = 0;
        for (int j = 0; j <= i; j++)
            v[i] += m[i][j] * m[j][i];
    }
    double s = 0;
    for (int i = 0; i < 8; i++)
        s += v[i] * (i + 1);
    printf("%d %.3f\n", n, s);
    return 0;
}
