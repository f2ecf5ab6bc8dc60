/* Proper effects through pointers: what a pointer may point to is written;
   a pointer of unknown origin may point anywhere; a function without a
   body that is not from the C library may touch every global. */
#include <string.h>

int total;
int table[16];
int *lookup(int k);
void external_hook(void);

void fill(int *dst, int n, int v) {
    for (int i = 0; i < n; i++)
        dst[i] = v;
}

/* A parameter declared as an array is a pointer: its elements are the
   caller's memory, which callers see written. */
void scale_rows(int n, int rows[n][4]) {
    for (int i = 0; i < n; i++)
        rows[i][0] *= 2;
}

int main(void) {
    int local[8];
    int grid[3][4] = {{0}};
    scale_rows(3, grid);
    int *p = local + 2;
    fill(p, 4, 1);
    fill(table, 16, 0);
    memset(local, 0, sizeof local);
    int *q = lookup(3);
    *q = 7;
    external_hook();
    total = local[3] + table[1] + grid[2][0];
    return total;
}
