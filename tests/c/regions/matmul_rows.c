/* Matrix product, one call per row: row(i) reads row i of A and all of B. */
// args: 2 | 4
#include <stdio.h>
#include <stdlib.h>

#define N 4

double A[N][N], B[N][N], C[N][N];

void row(int i, int n) {
    for (int j = 0; j < n; j++) {
        C[i][j] = 0;
        for (int k = 0; k < n; k++)
            C[i][j] += A[i][k] * B[k][j];
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : N;
    if (n > N)
        n = N;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = i + j;
            B[i][j] = i - j;
        }
    for (int i = 0; i < n; i++)
        row(i, n);
    double s = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            s += C[i][j] * (i + 2 * j + 1);
    printf("%d %.1f\n", n, s);
    return 0;
}
