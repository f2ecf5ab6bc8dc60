/* Listing 1.1 of "Beyond Do Loops: Data Transfer Generation with Convex
   Array Regions": array regions on a code with a function call. */
int kernel(int i, int n, int k, int src[n], int dst[n-k], int m[k]) {
    int v=0;
    for( int j = 0; j < k; ++j )
        v += src[ i + j ] * m[ j ];
    dst[i]=v;
}
void fir( int n, int k, int src[n], int dst[n-k], int m[k]) {
    for( int i = 0; i < n - k + 1; ++i )
        kernel(i, n, k, src, dst, m);
}
