/* Triangular, strided and nested loops; IN regions with kills. */
void triangular(int n, double a[n][n]) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++)
            a[i][j] = a[j][i] + 1.0;
}

void strided(int n, int a[n]) {
    for (int i = 1; i < n; i += 3)
        a[i] = a[i - 1];
}

/* Each iteration reads the element the previous one wrote: only a[0] is
   imported. */
void prefix(int n, int a[n]) {
    for (int i = 1; i < n; i++)
        a[i] = a[i] + a[i - 1];
}

/* A 3-D stencil step. */
void stencil(int n, double u[n][n][n], double v[n][n][n]) {
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
            for (int k = 1; k < n - 1; k++)
                v[i][j][k] = u[i - 1][j][k] + u[i + 1][j][k] + u[i][j - 1][k]
                           + u[i][j + 1][k] + u[i][j][k - 1] + u[i][j][k + 1];
}

/* A modulo subscript is affine with an existential. */
void modulo(int n, int a[4], int b[n]) {
    for (int i = 0; i < n; i++)
        b[i] = a[i % 4];
}

/* A loop with a break: unstructured, may. */
int search(int n, int a[n], int key) {
    int i;
    for (i = 0; i < n; i++)
        if (a[i] == key)
            break;
    return i;
}
