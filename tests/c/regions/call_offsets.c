/* Calls with array offsets: f(a + i), f(&a[i]), f(&m[i][0]). */
// args: 3 | 8
#include <stdio.h>
#include <stdlib.h>

int a[20];
int m[6][8];

void fill(int *p, int len, int v) {
    for (int k = 0; k < len; k++)
        p[k] = v + k;
}

int sum(const int *p, int len) {
    int s = 0;
    for (int k = 0; k < len; k++)
        s += p[k];
    return s;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 8;
    if (n > 8)
        n = 8;
    for (int i = 0; i < 4; i++)
        fill(a + 5 * i, 3, i);
    fill(&a[2], 2, 100);
    for (int i = 0; i < 6; i++)
        fill(&m[i][0], n, 10 * i);
    int s = sum(a + 1, 10);
    for (int i = 0; i < 6; i++)
        s += sum(m[i] + 1, n - 1) * (i + 1);
    printf("%d %d\n", n, s);
    return 0;
}
