/* Variable-length arrays: locals, parameters, typedefs, sizeof at run time,
 * pointers to VLAs and `[*]` in prototypes. */
#include <stdio.h>

static void fill(int n, int m, int a[n][m])
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] = i * m + j;
}

static long total(int n, int m, int (*a)[m])
{
    long s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            s += a[i][j] * (j + 1);
    return s;
}

static int trace(int n, int a[*][*]);

static int trace(int n, int a[n][n])
{
    int t = 0;
    for (int i = 0; i < n; i++)
        t += a[i][i];
    return t;
}

int main(void)
{
    int n = 3, m = 5;
    int a[n][m];
    fill(n, m, a);
    printf("total %ld sizeof a %zu sizeof a[0] %zu\n", total(n, m, a), sizeof a, sizeof a[0]);

    typedef int row_t[m];
    row_t *rows = a;
    printf("rows[2][4] %d sizeof(row_t) %zu\n", rows[2][4], sizeof(row_t));

    int k = 4;
    int sq[k][k];
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++)
            sq[i][j] = (i + 1) * (j + 2);
    printf("trace %d\n", trace(k, sq));

    for (int len = 1; len <= 4; len++) {
        char buf[len + 1];
        for (int i = 0; i < len; i++)
            buf[i] = (char)('a' + i);
        buf[len] = '\0';
        printf("%s %zu\n", buf, sizeof(buf));
    }

    double (*pv)[n] = 0;
    printf("sizeof *pv %zu sizeof(double[n][m]) %zu\n", sizeof *pv, sizeof(double[n][m]));
    (void)pv;
    return 0;
}
