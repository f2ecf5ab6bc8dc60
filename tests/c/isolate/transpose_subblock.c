// ferry-test: isolate --label kernel
// ferry-test: run 3 4 2 5 => to=48 from=48
// ferry-test: run 8 7 1 2 => to=224 from=224
// ferry-test: run 0 4 0 0 => to=0 from=0
// A transposed sub-block with offsets in both dimensions: b[j+1][i+2] = a[i+oi][j+oj], float [10][10].
// r, c, oi, oj: read only, passed by value -> 0; i, j local.
// a: R [oi, oi+r-1]x[oj, oj+c-1] -> 4rc.  b: W [1, c]x[2, r+1] exact -> store 4rc, no load.
// 3 4 2 5: to 48, from 48.  8 7 1 2: to 224, from 224.  0 4 0 0: 0 / 0.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int r = atoi(argv[1]), c = atoi(argv[2]), oi = atoi(argv[3]), oj = atoi(argv[4]);
    float a[10][10], b[10][10];
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < 10; j++) {
            a[i][j] = i + 0.01f * j;
            b[i][j] = -1.0f;
        }
kernel:
    for (int i = 0; i < r; i++)
        for (int j = 0; j < c; j++)
            b[j + 1][i + 2] = a[i + oi][j + oj];
    for (int i = 0; i < 10; i++) {
        for (int j = 0; j < 10; j++)
            printf("%.9g ", b[i][j]);
        printf("\n");
    }
    return 0;
}
