/* Counted loops: triangular, strided, downward; and loops that stay general. */
void loops(int n, double a[n][n]) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++)
            a[i][j] = 0;
    for (int i = 1; i < n; i += 3)
        a[i][0] = 1;
    for (int i = n - 1; i >= 0; i--)
        a[0][i] = 2;
    int k = 0;
    for (int i = 0; i < n; i++)
        k = k + 2;
    /* The index is written in the body: a general loop. */
    for (int i = 0; i < n; i++)
        if (a[i][i] > 0)
            i++;
}

/* A bound of a narrower type is compared as an `int`, so the body runs for
   0 <= i <= n - 1 whatever n's type (n - 1 computed as a `short` would
   wrap at n = -32768). */
void short_bound(short n, double *v) {
    for (int i = 0; i < n; i++)
        v[i] = 3;
}
