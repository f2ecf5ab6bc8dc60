/* A switch on a value chooses which array element a statement writes. */
// args: 5 | 11
#include <stdio.h>
#include <stdlib.h>

int a[8], b[8], c[8];

void dispatch(int n) {
    for (int i = 0; i < n; i++) {
        switch (i % 3) {
        case 0:
            a[i / 3] = i;
            break;
        case 1:
            b[i / 3] += a[i / 3];
            break;
        default:
            c[i / 3] = b[i / 3] + 1;
        }
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 11;
    if (n > 24)
        n = 24;
    dispatch(n);
    int s = 0;
    for (int i = 0; i < 8; i++)
        s = s * 3 % 10007 + a[i] + 2 * b[i] + 3 * c[i];
    printf("%d %d\n", n, s);
    return 0;
}
