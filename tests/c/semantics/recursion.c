/* Recursive functions. */
#include <stdio.h>

int fact(int n) {
    if (n <= 1)
        return 1;
    return n * fact(n - 1);
}

int sum_to(int n) {
    if (n == 0)
        return 0;
    return n + sum_to(n - 1);
}

int depth;

void descend(int n) {
    depth++;
    if (n > 0)
        descend(n - 2);
}

int main(void) {
    for (int i = 0; i < 10; i++)
        printf("%d %d %d\n", i, fact(i), sum_to(i));
    descend(9);
    printf("depth %d\n", depth);
    return 0;
}
