// ferry-test: isolate --label kernel
// ferry-test: run => to=6344 from=3160
// ferry-test: plan hull
// ferry-test: run => to=6344 from=3160 hull=3
// Loops and subscripts written with macros (FOR, IDX) over flat static
// arrays of N x M = 24 x 18 doubles. The kernel reads grid[18i' + j'] for
// the 4 neighbours of 1 <= i <= 22, 1 <= j <= 16: least subscript
// IDX(0, 1) = 1, greatest IDX(23, 16) = 430 -> 430 doubles, 3440 B.
// next: written exactly at 18i + j, stored [IDX(1, 1), IDX(22, 16)] =
// [19, 412], 394 doubles, 3152 B back. Inside that box and not written:
// 18i + 17 (1 <= i <= 21) and 18i (2 <= i <= 22), from 35 to 396 -> loaded
// as [35, 396], 362 doubles, 2896 B. The indices i and j, declared at the
// top of main and written by the nest, are copied each way: 8 B.
// to = 3440 + 2896 + 8 = 6344, from = 3152 + 8 = 3160 (the hull plan and
// the others the generated code weighs agree here).
#include <stdio.h>

#define N 24
#define M 18
#define IDX(i, j) ((i) * M + (j))
#define FOR(v, lo, hi) for (v = (lo); v < (hi); v++)

static double grid[N * M], next[N * M];

int main(void)
{
    int i, j;
    FOR(i, 0, N) FOR(j, 0, M) grid[IDX(i, j)] = (i * 7 + j) % 10;
kernel:
    FOR(i, 1, N - 1)
        FOR(j, 1, M - 1)
            next[IDX(i, j)] = (grid[IDX(i - 1, j)] + grid[IDX(i + 1, j)] + grid[IDX(i, j - 1)] + grid[IDX(i, j + 1)]) / 4;
    double s = 0;
    FOR(i, 1, N - 1) FOR(j, 1, M - 1) s += next[IDX(i, j)] * (i + j);
    printf("%.3f\n", s);
    return 0;
}
