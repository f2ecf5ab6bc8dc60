/* Listing 1.3 of "Beyond Do Loops: Data Transfer Generation with Convex
 * Array Regions": the irregular while loop of Listing 1.2, isolated. Its
 * regions are may regions: a is loaded before it is stored back (Load =
 * R ∪ (Store − W̲) with W̲ empty), randv is only loaded, x and y are copied
 * both ways and N in. */
#include <stdio.h>
#include <stdlib.h>

void foo(int N, int a[N], int randv[N]) {
    int x = N / 4, y = 0;
kernel:
    while (x <= N / 3) {
        a[x + y] = x + y;
        if (randv[x - y]) x = x + 2; else x++, y++;
    }
    printf("x=%d y=%d\n", x, y);
}

int main(int argc, char **argv) {
    int N = argc > 1 ? atoi(argv[1]) : 100;
    int *a = calloc(N, sizeof *a), *randv = calloc(N, sizeof *randv);
    for (int i = 0; i < N; i++)
        randv[i] = (i * 7) % 3 == 0;
    foo(N, a, randv);
    for (int i = 0; i < N; i++)
        printf("%d ", a[i]);
    printf("\n");
    return 0;
}
