/* do-while loops: the body runs at least once. */
#include <stdio.h>

int digits(int v) {
    int d = 0;
    do {
        d++;
        v = v / 10;
    } while (v != 0);
    return d;
}

int countdown(int n) {
    int steps = 0;
    do {
        n -= 4;
        steps += 1;
    } while (n > 0);
    return steps * 100 + n;
}

int main(void) {
    int values[] = {0, 5, 9, 10, 99, 123456, -7, -1000};
    for (int i = 0; i < 8; i++)
        printf("%d: %d %d\n", values[i], digits(values[i]), countdown(values[i]));
    return 0;
}
