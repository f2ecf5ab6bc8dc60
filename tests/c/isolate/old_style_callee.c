// ferry-test: isolate --label call
// ferry-test: cflags -std=gnu89
// ferry-test: run 20 4 => to=100 from=72
// ferry-test: run 5 5 => to=44 from=8
// ferry-test: run 3 5 => to=4 from=4
// Listing 1.1's FIR in old-style C: the call in fir's loop is isolated, so
// `kernel`, an old-style definition receiving isolated arrays, is cloned
// with offset parameters; the clone is written as a prototype definition
// (ferry writes its every call; OpenCL C has no old-style definitions).
// i (fir's, outside the loop): read and written -> 4 in, 4 out.
// n, k (undeclared: int): read only, passed by value, 0.
// src: R = {i+j : 0<=i<=n-k, 0<=j<=k-1} = [0, n-1] when n >= k -> 4n in.
// m: R [0, k-1] -> 4k in. dst: W [0, n-k] exact, printed after -> 4(n-k+1)
// out, nothing loaded.
// 20 4: to 4 + 80 + 16 = 100, from 4 + 68 = 72. 5 5: to 4 + 20 + 20 = 44,
// from 4 + 4 = 8. 3 5: the loop runs zero times: to 4, from 4.
#include <stdio.h>
#include <stdlib.h>

kernel(i, n, k, src, dst, m)
    int *src, *dst, *m;
{
    int v = 0, j;
    for (j = 0; j < k; ++j)
        v += src[i + j] * m[j];
    dst[i] = v;
}

fir(n, k, src, dst, m)
    int *src, *dst, *m;
{
    int i;
call:
    for (i = 0; i < n - k + 1; ++i)
        kernel(i, n, k, src, dst, m);
}

main(argc, argv)
    char **argv;
{
    int n = atoi(argv[1]), k = atoi(argv[2]), i;
    int *src = malloc(n * sizeof *src), *dst = malloc(n * sizeof *dst), m[16];
    for (i = 0; i < n; i++) {
        src[i] = i * 3 % 7;
        dst[i] = -1;
    }
    for (i = 0; i < k; i++)
        m[i] = i + 1;
    fir(n, k, src, dst, m);
    for (i = 0; i < n; i++)
        printf("%d ", dst[i]);
    printf("\n");
    return 0;
}
