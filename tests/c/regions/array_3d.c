/* A three-dimensional array: fill, a plane sum, and a stencil along k. */
// args: 2 | 4
#include <stdio.h>
#include <stdlib.h>

int u[4][4][5];
int plane[4][4];

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 4;
    if (n > 4)
        n = 4;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < 5; k++)
                u[i][j][k] = i + 2 * j + 3 * k;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            plane[i][j] = 0;
            for (int k = 1; k < 4; k++)
                plane[i][j] += u[i][j][k - 1] - u[i][j][k + 1];
        }
    for (int j = 0; j < n; j++)
        u[n - 1][j][0] = plane[0][j];
    int s = 0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            s = (s * 5 + plane[i][j]) % 10007;
            for (int k = 0; k < 5; k++)
                s = (s + u[i][j][k]) % 10007;
        }
    printf("%d %d\n", n, s);
    return 0;
}
