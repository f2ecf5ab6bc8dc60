// ferry-test: isolate --function foo
// ferry-test: run 12 7 => to=20 from=12
// ferry-test: run 24 3 => to=32 from=20
// ferry-test: run 15 11 => to=32 from=20
// The paper's foo (Listing 1.2) isolated as a whole function: x, y are the body's own.
// N: read only, passed by value -> 0.  Regions in terms of N at entry (see paper_foo_while.c for the derivation):
//   a: W may [N/4, 2*(N/3) - N/4] -> stored and loaded; randv: R [N/4, N/3] -> loaded.
// N=12: a 3 elements, randv 2: to 12+8=20, from 12.
// N=24: a 5, randv 3: to 20+12=32, from 20.  N=15: a 5, randv 3: 32 / 20.
#include <stdio.h>
#include <stdlib.h>

void foo(int N, int a[N], int randv[N])
{
    int x = N / 4, y = 0;
    while (x <= N / 3) {
        a[x + y] = x + y;
        if (randv[x - y])
            x = x + 2;
        else
            x++, y++;
    }
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
