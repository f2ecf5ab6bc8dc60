/* Counted loops: increasing, decreasing, steps of 2 and 3, <=, !=. */
#include <stdio.h>

int sum_up(int n) {
    int s = 0;
    for (int i = 0; i < n; i++)
        s += i;
    return s;
}

int sum_down(int n) {
    int s = 0;
    for (int i = n; i > 0; i--)
        s = s + 1;
    return s;
}

int steps(int n) {
    int c = 0;
    for (int i = 1; i <= n; i += 2)
        c++;
    for (int j = n; j >= 0; j -= 3)
        c++;
    for (int k = 0; k != 2 * n; k += 2)
        c += 2;
    return c;
}

int main(void) {
    int i;
    for (i = 0; i <= 12; i++) {
        int a = sum_up(i);
        int b = sum_down(i);
        int c = steps(i);
        printf("%d %d %d %d\n", i, a, b, c);
    }
    printf("i=%d\n", i);
    return 0;
}
