/* Branches on array values write one array or the other:
   if (a[i] > 3) b[i] = 1; else c[i] = 1. */
// args: 5 | 12
#include <stdio.h>
#include <stdlib.h>

int a[16], b[16], c[16];

void split(int n) {
    for (int i = 0; i < n; i++) {
        if (a[i] > 3)
            b[i] = 1;
        else
            c[i] = 1;
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 12;
    if (n > 16)
        n = 16;
    for (int i = 0; i < 16; i++)
        a[i] = (i * 5) % 7;
    split(n);
    int s = 0;
    for (int i = 0; i < 16; i++)
        s += b[i] * (i + 1) + c[i] * 100 * (i + 1);
    printf("%d %d\n", n, s);
    return 0;
}
