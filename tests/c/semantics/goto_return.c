/* goto loops, a forward goto and early returns. */
#include <stdio.h>

int by_goto(int n) {
    int i = 0, s = 0;
again:
    if (i >= n)
        goto done;
    s += i;
    i++;
    goto again;
done:
    return s;
}

int classify(int v) {
    if (v < 0)
        return -1;
    if (v == 0)
        return 0;
    if (v > 100)
        return 2;
    return 1;
}

int find(int n, int target) {
    for (int i = 0; i < n; i++) {
        if (3 * i + 1 == target)
            return i;
    }
    return -1;
}

int main(void) {
    for (int n = -2; n < 12; n++)
        printf("%d %d %d %d\n", n, by_goto(n), classify(n * 20 - 30), find(n, 10));
    return 0;
}
