/* break and continue in for and while loops. */
#include <stdio.h>

int first_multiple(int n, int d) {
    int i;
    for (i = 1; i < n; i++) {
        if (i % d == 0)
            break;
    }
    return i;
}

int odd_sum(int n) {
    int s = 0, i = 0;
    while (i < n) {
        i++;
        if (i % 2 == 0)
            continue;
        if (i > 15)
            break;
        s += i;
    }
    return s;
}

int main(void) {
    for (int n = 0; n < 25; n += 3)
        printf("%d %d %d\n", n, first_multiple(n, 7), odd_sum(n));
    return 0;
}
