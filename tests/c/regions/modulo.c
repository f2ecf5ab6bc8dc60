/* Modulo and division in subscripts: a[i % 4], b[i / 2]. */
// args: 3 | 10 | 17
#include <stdio.h>
#include <stdlib.h>

int a[4], b[16], c[24];

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n > 24)
        n = 24;
    for (int i = 0; i < n; i++)
        a[i % 4] += i;
    for (int i = 0; i < n; i++)
        b[i / 2] = b[i / 2] + c[i];
    for (int i = 0; i < n; i++)
        c[(i * 5) % n] = i;
    int s = 0;
    for (int i = 0; i < 4; i++)
        s += a[i] * (i + 1);
    for (int i = 0; i < 16; i++)
        s += b[i];
    for (int i = 0; i < 24; i++)
        s = s * 3 % 10007 + c[i];
    printf("%d %d\n", n, s);
    return 0;
}
