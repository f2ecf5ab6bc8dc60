// ferry-test: isolate --label kernel
// ferry-test: run 8 => to=0 from=320
// ferry-test: run 3 => to=0 from=120
// ferry-test: run 0 => to=0 from=0
// Reshaping: fill(10*r, &a[0][0]) on int a[8][10] writes the first r rows through a 1-D pointer.
// r: read only, passed by value -> 0.  a: W linear [0, 10r-1] re-split on [8][10] = [0,r-1]x[0,9], exact -> store 40r, no load.
// to = 0, from = 40r.  r=8: 0 / 320 (the paper's fill(80, &a[0][0])); r=3: 0 / 120; r=0: 0 / 0.
#include <stdio.h>
#include <stdlib.h>

static void fill(int k, int *p)
{
    for (int j = 0; j < k; j++)
        p[j] = 3 * j + 1;
}

int main(int argc, char **argv)
{
    int r = atoi(argv[1]);
    int a[8][10];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 10; j++)
            a[i][j] = -1;
kernel:
    fill(10 * r, &a[0][0]);
    for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 10; j++)
            printf("%d ", a[i][j]);
        printf("\n");
    }
    return 0;
}
