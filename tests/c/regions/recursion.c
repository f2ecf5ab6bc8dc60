/* A recursive function that writes one element per level. */
// args: 1 | 6
#include <stdio.h>
#include <stdlib.h>

int a[16];

void fill_down(int *p, int n) {
    if (n <= 0)
        return;
    p[n - 1] = n * n;
    fill_down(p, n - 1);
}

int sum_to(const int *p, int n) {
    return n == 0 ? 0 : p[n - 1] + sum_to(p, n - 1);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 6;
    if (n > 15)
        n = 15;
    fill_down(a + 1, n);
    int s = sum_to(a, n + 1);
    for (int i = 0; i < 16; i++)
        s = s * 3 % 10007 + a[i];
    printf("%d %d\n", n, s);
    return 0;
}
