/* Loops left by break and iterations skipped by continue. */
// args: 5 | 12 | 16
#include <stdio.h>
#include <stdlib.h>

int a[16], b[16];

int find(int n, int v) {
    int i;
    for (i = 0; i < n; i++)
        if (a[i] == v)
            break;
    return i;
}

void odd_only(int n) {
    for (int i = 0; i < n; i++) {
        if (i % 2 == 0)
            continue;
        b[i] = a[i] + 1;
        if (a[i] > 20)
            break;
        b[i - 1] = -1;
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 12;
    if (n > 16)
        n = 16;
    for (int i = 0; i < 16; i++)
        a[i] = 2 * i;
    int f = find(n, 8) + 10 * find(n, 7);
    odd_only(n);
    int s = 0;
    for (int i = 0; i < 16; i++)
        s = s * 3 % 10007 + b[i];
    printf("%d %d %d\n", n, f, s);
    return 0;
}
