/* Pointers that move: *p++ = v, *(q + i), and a pointer into a row. */
// args: 4 | 9
#include <stdio.h>
#include <stdlib.h>

int a[16], b[16];

void copy(int *dst, const int *src, int n) {
    while (n-- > 0)
        *dst++ = *src++;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 9;
    if (n > 12)
        n = 12;
    int *p = a;
    for (int i = 0; i < n; i++)
        *p++ = i * 3;
    copy(b + 2, a, n);
    int *q = b + 1;
    int s = 0;
    for (int i = 0; i < n; i++)
        s += *(q + i) * (i + 1);
    for (int i = 0; i < 16; i++)
        s = s * 3 % 10007 + a[i];
    printf("%d %d\n", n, s);
    return 0;
}
