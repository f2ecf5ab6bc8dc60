/* for (;;) and while (1) loops left by break and return. */
#include <stdio.h>

int collatz(int n) {
    int steps = 0;
    for (;;) {
        if (n == 1)
            return steps;
        if (n % 2 == 0)
            n = n / 2;
        else
            n = 3 * n + 1;
        steps++;
    }
}

int main(void) {
    int i = 0, lim = 17;
    while (1) {
        i += 3;
        if (i > lim)
            break;
    }
    printf("%d\n", i);
    for (int n = 1; n < 20; n++)
        printf("%d %d\n", n, collatz(n));
    return 0;
}
