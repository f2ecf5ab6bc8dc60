/* Integer division and remainder, C truncation toward zero, with negative
   and positive operands. */
#include <stdio.h>

int main(void) {
    int acc = 0;
    for (int v = -9; v <= 9; v++) {
        int q = v / 4;
        int r = v % 4;
        int q2 = v / -3;
        int r2 = v % -3;
        int h = (v + 1) / 2;
        acc += q * 7 + r * 3 + q2 + r2 + h;
        printf("%d: %d %d %d %d %d\n", v, q, r, q2, r2, h);
    }
    int n = 17;
    int half = n / 2;
    int neg = -n / 2;
    int m = -n % 5;
    printf("%d %d %d %d\n", half, neg, m, acc);
    return 0;
}
