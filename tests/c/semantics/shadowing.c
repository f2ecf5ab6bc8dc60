/* Variables shadowed in inner blocks and loops. */
#include <stdio.h>

int x = 7;

int f(int n) {
    int r = x + n;
    {
        int x = n * 2;
        r += x;
        for (int n = 0; n < 3; n++)
            r += n + x;
    }
    r += x;
    return r;
}

int main(void) {
    int i = 10;
    for (int i = 0; i < 3; i++) {
        int j = i + 1;
        printf("%d %d\n", i, f(j));
    }
    {
        int i = -1;
        i--;
        printf("%d\n", i);
    }
    printf("%d %d\n", i, x);
    return 0;
}
