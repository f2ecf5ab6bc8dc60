/* Listing 1.2: a while loop that advances x by 2, or x and y by 1,
   writing a[x + y], for several N. */
// args: 0 | 13 | 40 | 97
#include <stdio.h>
#include <stdlib.h>

int a[128];
int randv[128];

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

int main(int argc, char **argv) {
    int N = argc > 1 ? atoi(argv[1]) : 40;
    if (N > 100)
        N = 100;
    unsigned seed = 7u;
    for (int i = 0; i < 128; i++) {
        seed = seed * 1103515245u + 12345u;
        randv[i] = (seed >> 16) & 1;
    }
    int r = kernel(N);
    long sum = 0;
    for (int i = 0; i < 128; i++)
        sum += (long)a[i] * (i + 1);
    printf("N=%d -> %d, %ld\n", N, r, sum);
    return 0;
}
