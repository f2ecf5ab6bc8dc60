/* Matrix multiplication, naive and blocked, with integer matrices so that
 * the two results can be compared exactly. */
#include <stdio.h>
#include <string.h>

#define N 64
#define BS 16

static long a[N][N], b[N][N], c1[N][N], c2[N][N];

static void matmul(int n, long (*x)[N], long (*y)[N], long (*z)[N])
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            long s = 0;
            for (int k = 0; k < n; k++)
                s += x[i][k] * y[k][j];
            z[i][j] = s;
        }
}

static void matmul_blocked(long x[N][N], long y[N][N], long z[N][N])
{
    memset(z, 0, sizeof(long[N][N]));
    for (int ii = 0; ii < N; ii += BS)
        for (int kk = 0; kk < N; kk += BS)
            for (int jj = 0; jj < N; jj += BS)
                for (int i = ii; i < ii + BS; i++)
                    for (int k = kk; k < kk + BS; k++) {
                        long xik = x[i][k];
                        for (int j = jj; j < jj + BS; j++)
                            z[i][j] += xik * y[k][j];
                    }
}

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            a[i][j] = (i * 7 + j * 3) % 11 - 5;
            b[i][j] = (i * 2 + j * 5) % 13 - 6;
        }
    matmul(N, a, b, c1);
    matmul_blocked(a, b, c2);
    long trace = 0;
    unsigned long checksum = 0;
    for (int i = 0; i < N; i++) {
        trace += c1[i][i];
        for (int j = 0; j < N; j++)
            checksum = checksum * 31 + (unsigned long)c1[i][j];
    }
    printf("matmul trace %ld checksum %lu same %d\n", trace, checksum, memcmp(c1, c2, sizeof c1) == 0);
    return 0;
}
