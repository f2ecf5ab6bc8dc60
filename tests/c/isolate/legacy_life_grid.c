// ferry-test: isolate --pragma
// ferry-test: run 9 => to=2376 from=1836
// ferry-test: run 1 => to=264 from=204
// ferry-test: run 0 => to=0 from=0
// A cellular automaton over global char grids sized by macros, as old
// simulation code has it: the interior of `next` from the eight
// neighbours of each cell of `grid`. Each call of step is one isolation.
// Per call: grid read [0, 15] x [0, 15] -> 256 in; next written
// [1, 14] x [1, 14] -> 196 back (main copies it); r and c, declared
// outside the loops, written -> 4 each way each.
// Per call to = 264, from = 204; gens calls: 9 -> 2376 / 1836; 1 ->
// 264 / 204; 0 -> nothing.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROWS 16
#define COLS 16

static char grid[ROWS][COLS], next[ROWS][COLS];

static void step(void)
{
    int r, c;
#pragma ferry isolate
    for (r = 1; r < ROWS - 1; r++)
        for (c = 1; c < COLS - 1; c++) {
            int alive = grid[r - 1][c - 1] + grid[r - 1][c] + grid[r - 1][c + 1]
                      + grid[r][c - 1] + grid[r][c + 1]
                      + grid[r + 1][c - 1] + grid[r + 1][c] + grid[r + 1][c + 1];
            next[r][c] = alive == 3 || (alive == 2 && grid[r][c]);
        }
}

int main(int argc, char **argv)
{
    int gens = argc > 1 ? atoi(argv[1]) : 4;
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++)
            grid[r][c] = (r * 5 + c * 3) % 7 == 0;
    for (int g = 0; g < gens; g++) {
        step();
        memcpy(grid, next, sizeof grid);
    }
    int count = 0;
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++)
            count += grid[r][c];
    printf("%d\n", count);
    return 0;
}
