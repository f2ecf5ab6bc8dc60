/* Triangular and rectangular loop nests over a 2-D array. */
#include <stdio.h>

#define N 12
static int m[N][N];

int main(void) {
    int count = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++) {
            m[i][j] = i - j;
            count++;
        }
    for (int i = 0; i < N; i++)
        for (int j = i + 1; j < N; j++)
            m[i][j] = m[j][i] + 1;
    int trace = 0;
    for (int k = N - 1; k >= 0; k--)
        trace += m[k][k];
    int lower = 0;
    for (int i = 1; i < N; i++) {
        int j = 0;
        while (j < i) {
            lower += m[i][j];
            j++;
        }
    }
    printf("%d %d %d\n", count, trace, lower);
    return 0;
}
