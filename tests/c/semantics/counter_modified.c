/* Loop counters and bounds changed inside the loop body, directly, through
   a pointer and by a callee. */
#include <stdio.h>

int g;

void bump_g(void) {
    g += 2;
}

int main(void) {
    int trips = 0;
    for (int i = 0; i < 20; i++) {
        if (i % 3 == 0)
            i += 2;
        trips++;
    }
    int n = 30;
    int k;
    for (k = 0; k < n; k++)
        n -= 2;
    int j = 0;
    int *pj = &j;
    int steps = 0;
    for (j = 0; j < 10; j++) {
        *pj += 1;
        steps++;
    }
    int calls = 0;
    for (g = 0; g < 10; g++) {
        bump_g();
        calls++;
    }
    printf("%d %d %d %d %d %d %d\n", trips, n, k, j, steps, g, calls);
    return 0;
}
