/* Do-while loops: one runs at least once even when n is 0. */
// args: 0 | 1 | 7
#include <stdio.h>
#include <stdlib.h>

int a[12], b[12];

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 7;
    if (n > 10)
        n = 10;
    int i = 0;
    do {
        a[i] = i + 1;
        i++;
    } while (i < n);
    int j = n;
    do {
        b[j] = a[j] + a[j + 1];
        j -= 2;
    } while (j > 0);
    int s = i;
    for (int k = 0; k < 12; k++)
        s = s * 3 % 10007 + a[k] + b[k];
    printf("%d %d\n", n, s);
    return 0;
}
