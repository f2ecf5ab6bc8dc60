/* Listing 1.1: the FIR kernel called from a loop. */
int kernel(int i, int n, int k, int src[n], int dst[n - k], int m[k]) {
    int v = 0;
    for (int j = 0; j < k; ++j)
        v += src[i + j] * m[j];
    dst[i] = v;
    return v;
}

void fir(int n, int k, int src[n], int dst[n - k], int m[k]) {
    for (int i = 0; i < n - k + 1; ++i)
        kernel(i, n, k, src, dst, m);
}

int main(void) {
    int src[100], dst[100], m[8];
    for (int i = 0; i < 100; i++)
        src[i] = i;
    for (int i = 0; i < 8; i++)
        m[i] = 1;
    fir(100, 8, src, dst, m);
    return dst[3] != 3 * 8 + 28;
}
