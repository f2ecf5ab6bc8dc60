/* Early returns inside loops: the instance ends at the return. */
// args: 4 | 9 | 13
#include <stdio.h>
#include <stdlib.h>

int a[16];

int first_above(int n, int limit) {
    for (int i = 0; i < n; i++) {
        if (a[i] > limit)
            return i;
        a[i] = -a[i];
    }
    return -1;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 9;
    if (n > 16)
        n = 16;
    for (int i = 0; i < 16; i++)
        a[i] = i * 3;
    int r = first_above(n, 20);
    r = r * 100 + first_above(n, 100);
    int s = 0;
    for (int i = 0; i < 16; i++)
        s = s * 3 % 10007 + a[i] + 50;
    printf("%d %d %d\n", n, r, s);
    return 0;
}
