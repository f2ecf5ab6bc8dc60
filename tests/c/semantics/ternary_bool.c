/* Conditional expressions, _Bool variables and comparisons as values. */
#include <stdio.h>
#include <stdbool.h>

int max(int a, int b) {
    return a > b ? a : b;
}

int main(void) {
    int best = -100;
    bool seen = false;
    for (int i = -6; i < 9; i++) {
        int v = i < 0 ? -i : 2 * i;
        best = max(best, v - 5);
        bool even = v % 2 == 0;
        if (even && !seen)
            seen = true;
        int flag = (i > 3) + (i > 6);
        printf("%d %d %d %d\n", i, v, even, flag);
    }
    printf("%d %d\n", best, seen);
    return 0;
}
