/* A function called from several sites with different constant arguments. */
#include <stdio.h>

int scale(int v, int k) {
    int r = v * k;
    if (k > 2)
        r = r - k;
    return r;
}

int offset(int base) {
    int i = base;
    while (i < base + 3)
        i++;
    return i;
}

int main(void) {
    int a = scale(3, 1);
    int b = scale(3, 2);
    int c = scale(5, 4);
    int d = offset(0);
    int e = offset(10);
    int f = offset(-7);
    printf("%d %d %d %d %d %d\n", a, b, c, d, e, f);
    return 0;
}
