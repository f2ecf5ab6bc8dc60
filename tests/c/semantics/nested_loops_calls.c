/* Nested loops whose bounds come from calls and from outer counters. */
#include <stdio.h>

int bound(int i) {
    return 2 * i + 1;
}

static int hist[64];

void record(int v) {
    hist[v % 64]++;
}

int main(void) {
    int total = 0;
    for (int i = 0; i < 6; i++) {
        int b = bound(i);
        for (int j = i; j < b; j++) {
            for (int k = j; k >= i; k -= 2) {
                record(i + j + k);
                total++;
            }
        }
    }
    int nonzero = 0;
    for (int v = 0; v < 64; v++)
        if (hist[v])
            nonzero++;
    printf("%d %d\n", total, nonzero);
    return 0;
}
