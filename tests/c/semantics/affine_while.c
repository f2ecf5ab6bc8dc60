/* While loops with affine updates of several variables. */
#include <stdio.h>

int walk(int n) {
    int i = 0, j = n, k = 0;
    while (i < j) {
        i += 2;
        j -= 1;
        k = k + 3;
    }
    return i + j + k;
}

int diagonal(int n) {
    int x = 0, y = 10;
    while (x + y < n) {
        x = x + 1;
        y = y + 2;
    }
    return 3 * x - y;
}

int main(void) {
    for (int n = -3; n < 40; n += 5)
        printf("%d %d %d\n", n, walk(n), diagonal(n));
    return 0;
}
