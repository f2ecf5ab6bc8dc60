// ferry-test: isolate --label kernel
// ferry-test: run 15 => to=0 from=60 rows=1 hull=0
// ferry-test: run 10 => to=0 from=40 hull=1
// ferry-test: run 3 => to=0 from=12 hull=1
// ferry-test: plan hull
// ferry-test: run 15 => to=20 from=80 hull=2
// ferry-test: run 10 => to=0 from=40
// ferry-test: run 3 => to=0 from=12
// Reshaping with a partial last row: fill(k, &a[2][0]) on int a[8][10] writes linear [20, 19+k].
// k: read only, passed by value -> 0.
// a: W = {(p1,p2) : 0<=p2<=9, 20 <= 10p1+p2 <= 19+k}, exact.
//   k=15: rows 2..3, Store box [2,3]x[0,9] = 20 elements (80 B); Store - W = row 3 cols 5..9 -> load 5 (20 B).
//   k=10: row 2 exactly: Store [2,2]x[0,9] (40 B), nothing to load.
//   k=3: Store [2,2]x[0,2] (12 B), nothing to load.
// 15: to 20, from 80; 10: 0 / 40; 3: 0 / 12.
// With the default plan (auto), k=15 stores W's span instead: from (2,0) to
// (3,4) in row-major order, W itself, one contiguous copy of 15 ints (60 B),
// and loads nothing (the span is surely written); the hull's two copies
// moving 100 B cost more. k=10 and k=3: W is a box, the hull.
#include <stdio.h>
#include <stdlib.h>

static void fill(int k, int *p)
{
    for (int j = 0; j < k; j++)
        p[j] = 7 * j - 2;
}

int main(int argc, char **argv)
{
    int k = atoi(argv[1]);
    int a[8][10];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 10; j++)
            a[i][j] = 100 * i + j;
kernel:
    fill(k, &a[2][0]);
    for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 10; j++)
            printf("%d ", a[i][j]);
        printf("\n");
    }
    return 0;
}
