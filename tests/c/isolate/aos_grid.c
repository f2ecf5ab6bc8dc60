// ferry-test: isolate --label kernel
// ferry-test: run 4 3 => to=192 from=192
// ferry-test: run 6 5 => to=480 from=480
// ferry-test: run 0 5 => to=0 from=0
// A two-dimensional array of structures (a typedef of a tagged one), a
// nest of two parallel loops reaching a double and an int field of each
// element. struct cell is {double u; int flag;}: 16 bytes (4 of padding).
// n, m: read only, passed by value, 0; i, j local.
// grid: box [0,n-1] x [0,m-1] of whole elements, field regions may ->
//       load 16nm and store 16nm.
// n=4, m=3: to 192, from 192; n=6, m=5: 480 each; n=0: 0.
#include <stdio.h>
#include <stdlib.h>

typedef struct cell {
    double u;
    int flag;
} cell_t;

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), m = atoi(argv[2]);
    cell_t grid[6][5];
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 5; j++) {
            grid[i][j].u = i * 1.5 - j;
            grid[i][j].flag = (i + 2 * j) % 3;
        }
kernel:
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            if (grid[i][j].flag)
                grid[i][j].u = grid[i][j].u * 2 + i - j;
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 5; j++)
            printf("%.17g %d\n", grid[i][j].u, grid[i][j].flag);
    return 0;
}
