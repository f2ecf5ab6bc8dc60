/* Calls with affine arguments inside loops; a callee modifying its
   parameter (a copy). */
#include <stdio.h>

static int data[200];

void fill(int lo, int hi, int v) {
    for (int i = lo; i < hi; i++)
        data[i] = v;
}

int consume(int n) {
    int s = 0;
    while (n > 0) {
        s += n;
        n -= 3;
    }
    return s;
}

int main(void) {
    for (int k = 0; k < 10; k++)
        fill(10 * k, 10 * k + 10, k);
    int n = 20;
    int s = consume(n);
    printf("%d %d\n", n, s);
    int total = 0;
    for (int k = 1; k <= 6; k++)
        total += consume(2 * k + 1);
    printf("%d %d %d\n", total, data[55], data[99]);
    return 0;
}
