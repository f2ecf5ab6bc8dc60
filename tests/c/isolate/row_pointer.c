// ferry-test: isolate --pragma
// ferry-test: run 30 20 => to=2400 from=2400
// ferry-test: run 3 7 => to=84 from=84
// A pointer to the current row of a flat matrix, int *p = m + r * cols,
// subscripted p[c]: p is the index r * cols into m, assigned once in its
// block from variables the block never changes, so its subscripts are
// m[r * cols + c], which delinearisation sees as m[r][c]. The loop reads
// and writes every element of the rows x cols matrix.
// m: IN and W [0, rows-1] x [0, cols-1] exact -> 4 * rows * cols each way.
#include <stdio.h>
#include <stdlib.h>

static void scale(int *m, int rows, int cols)
{
#pragma ferry isolate
    for (int r = 0; r < rows; r++) {
        int *p = m + r * cols;
        for (int c = 0; c < cols; c++)
            p[c] = p[c] * 2 + r;
    }
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return 1;
    int rows = atoi(argv[1]), cols = atoi(argv[2]);
    if (rows < 1 || cols < 1 || rows > 1000 || cols > 1000)
        return 1;
    int *m = malloc(rows * cols * sizeof *m);
    if (!m)
        return 1;
    for (int i = 0; i < rows * cols; i++)
        m[i] = i % 11;
    scale(m, rows, cols);
    long s = 0;
    for (int i = 0; i < rows * cols; i++)
        s += m[i] * (i % 7);
    printf("%ld\n", s);
    free(m);
    return 0;
}
