/* Strided loops: steps of 2 and 3, with offsets. */
// args: 7 | 20 | 31
#include <stdio.h>
#include <stdlib.h>

int a[40], b[40];

void evens(int n) {
    for (int i = 0; i < n; i += 2)
        a[i] = i;
}

void thirds(int n) {
    int i;
    for (i = 1; i < n; i += 3)
        b[i] = a[i - 1] + a[i + 1];
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n > 38)
        n = 38;
    evens(n);
    thirds(n);
    int s = 0;
    for (int i = 0; i < 40; i++)
        s = s * 7 % 100003 + a[i] + 3 * b[i];
    printf("%d %d\n", n, s);
    return 0;
}
