/* Scalars modified in loops drive the subscripts: k advances by 2 per
   iteration, last is assigned conditionally. */
// args: 3 | 9
#include <stdio.h>
#include <stdlib.h>

int a[24], b[24];

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 9;
    if (n > 11)
        n = 11;
    int k = 1;
    for (int i = 0; i < n; i++) {
        a[k] = i;
        k = k + 2;
    }
    int last = -1;
    for (int i = 0; i < 2 * n; i++) {
        if (a[i] > 2)
            last = i;
        b[i] = last;
    }
    int j = n;
    while (j > 0) {
        j--;
        b[j] += a[2 * j + 1];
    }
    int s = k;
    for (int i = 0; i < 24; i++)
        s = s * 3 % 10007 + a[i] + b[i];
    printf("%d %d\n", n, s);
    return 0;
}
