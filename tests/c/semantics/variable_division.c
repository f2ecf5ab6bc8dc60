/* Division, remainder and products with variable operands. */
#include <stdio.h>

int main(void) {
    int total = 0;
    for (int a = -7; a <= 7; a += 2) {
        for (int b = -3; b <= 3; b++) {
            if (b == 0)
                continue;
            int q = a / b;
            int r = a % b;
            int p = a * b;
            int back = q * b + r;
            total += q - r + p;
            if (back != a)
                total = -1000000;
        }
    }
    int sq = 0;
    for (int i = 0; i < 10; i++)
        sq = i * i;
    printf("%d %d\n", total, sq);
    return 0;
}
