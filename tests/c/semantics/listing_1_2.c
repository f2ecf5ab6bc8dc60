/* The while loop of Listing 1.2: x advances by 2, or x and y by 1, until
   x > N/3; called with several N and pseudo-random choices. */
#include <stdio.h>

static int a[4096];
static int randv[4096];

int kernel(int N) {
    int x = N / 4, y = 0;
    while (x <= N / 3) {
        a[x + y] = x + y;
        if (randv[x - y])
            x = x + 2;
        else
            x++, y++;
    }
    return x + y;
}

int main(void) {
    unsigned seed = 12345u;
    for (int i = 0; i < 4096; i++) {
        seed = seed * 1103515245u + 12345u;
        randv[i] = (seed >> 16) & 1;
    }
    int sizes[] = {0, 1, 7, 12, 40, 100, 333, 1000, 2048};
    long total = 0;
    for (int k = 0; k < 9; k++) {
        int r = kernel(sizes[k]);
        printf("N=%d -> %d\n", sizes[k], r);
        total += r;
    }
    printf("total %ld\n", total);
    return 0;
}
