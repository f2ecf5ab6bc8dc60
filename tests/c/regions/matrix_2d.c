/* Two-dimensional arrays: transpose, row sums, a shifted copy. */
// args: 3 4 | 6 6
#include <stdio.h>
#include <stdlib.h>

int a[6][6], t[6][6];
int rows[6];

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 4;
    int m = argc > 2 ? atoi(argv[2]) : 4;
    if (n > 6)
        n = 6;
    if (m > 6)
        m = 6;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] = i * 10 + j;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            t[j][i] = a[i][j];
    for (int i = 0; i < n; i++) {
        rows[i] = 0;
        for (int j = 0; j < m; j++)
            rows[i] += a[i][j];
    }
    for (int i = 1; i < n; i++)
        for (int j = 1; j < m; j++)
            a[i][j] = a[i - 1][j - 1] + t[j][i];
    int s = 0;
    for (int i = 0; i < 6; i++) {
        s += rows[i];
        for (int j = 0; j < 6; j++)
            s = (s * 3 + a[i][j] + t[i][j]) % 100003;
    }
    printf("%d %d %d\n", n, m, s);
    return 0;
}
