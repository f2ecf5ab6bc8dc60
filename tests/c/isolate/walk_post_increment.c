// ferry-test: isolate --pragma
// ferry-test: run 10 => to=80 from=40
// ferry-test: run 3 => to=24 from=12
// The classic copy idiom, *q++ = v, on a local pointer that starts inside
// the isolated statement at dst + 2: q is the index q - dst, and the
// subscript q++ is q's value before the increment, so each iteration
// writes dst[q], exactly. Over the loop, q is not the loop's index, so
// the write is a may region, dst[2..n+1] with nothing sure: those
// elements are loaded before being overwritten. src[0..n-1] is read.
// src: IN [0, n-1] -> load 4n; dst: W may [2, n+1] -> load 4n, store 4n.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 1 || n > 60)
        return 1;
    int src[64], dst[64];
    for (int i = 0; i < 64; i++) {
        src[i] = i * 7 % 13;
        dst[i] = -1;
    }
#pragma ferry isolate
    {
        int *q = dst + 2;
        for (int i = 0; i < n; i++)
            *q++ = src[i] * 3;
    }
    long s = 0;
    for (int i = 0; i < 64; i++)
        s = s * 31 % 1000003 + dst[i];
    printf("%ld\n", s);
    return 0;
}
