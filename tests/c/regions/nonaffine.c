/* Conditions and subscripts the affine analyses cannot follow: products,
   values read from arrays, an indirection. */
// args: 6 | 13
#include <stdio.h>
#include <stdlib.h>

int a[16], b[16], idx[16], h[8];

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 13;
    if (n > 16)
        n = 16;
    for (int i = 0; i < n; i++) {
        a[i] = (i * 7) % 11;
        idx[i] = (i * 3) % n;
    }
    for (int i = 0; i < n; i++)
        if (i * i < n)
            b[i] = a[i];
    for (int i = 0; i < n; i++)
        if (a[i] * a[i] > 20)
            b[idx[i]] += 1;
    for (int i = 0; i < n; i++)
        h[a[i] % 8]++;
    int s = 0;
    for (int i = 0; i < 16; i++)
        s = s * 3 % 10007 + b[i];
    for (int i = 0; i < 8; i++)
        s += h[i] * (i + 1);
    printf("%d %d\n", n, s);
    return 0;
}
