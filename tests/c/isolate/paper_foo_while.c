// ferry-test: isolate --label loop
// ferry-test: run 12 7 => to=28 from=20
// ferry-test: run 24 3 => to=40 from=28
// ferry-test: run 15 11 => to=40 from=28
// The paper's Listings 1.2/1.3: the irregular while loop of foo, isolated (label on the while).
// x, y: read and written -> 4 + 4 loaded, 4 + 4 stored.  N: read only, passed by value -> 0.
// Invariant (convex): x0 = N/4 <= x - y, 0 <= y, and x <= N/3 in the body, so
//   a[x+y]: x0 <= x+y <= 2*(N/3) - x0, i.e. the paper's [(N-3)/4, (5N+9)/12]; randv[x-y]: [x0, N/3].
//   (for N = 12, 15, 24 the integer and the rational bounds give the same boxes.)
// a: W may (data-dependent path) -> stored and loaded.  randv: R -> loaded.
// N=12: a [3,5] 12 B, randv [3,4] 8 B: to 8+12+8=28, from 8+12=20.
// N=24: a [6,10] 20 B, randv [6,8] 12 B: to 8+20+12=40, from 28.  N=15: a [3,7] 20 B, randv [3,5] 12 B: 40 / 28.
#include <stdio.h>
#include <stdlib.h>

void foo(int N, int a[N], int randv[N])
{
    int x = N / 4, y = 0;
loop:
    while (x <= N / 3) {
        a[x + y] = x + y;
        if (randv[x - y])
            x = x + 2;
        else
            x++, y++;
    }
    printf("x=%d y=%d\n", x, y);
}

int main(int argc, char **argv)
{
    int N = atoi(argv[1]);
    unsigned seed = (unsigned)atoi(argv[2]);
    int a[N], randv[N];
    for (int i = 0; i < N; i++) {
        seed = seed * 1103515245u + 12345u;
        randv[i] = (seed >> 16) & 1;
        a[i] = -1;
    }
    foo(N, a, randv);
    for (int i = 0; i < N; i++)
        printf("%d ", a[i]);
    printf("\n");
    return 0;
}
