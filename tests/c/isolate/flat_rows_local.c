// ferry-test: isolate --label kernel
// ferry-test: run 3 4 => to=96 from=96
// ferry-test: run 1 5 => to=40 from=40
// ferry-test: run 0 3 => to=0 from=0
// A flat array in a local pointer, allocated once and freed: m is seen
// with rows of cols elements (cols is a local assigned once, outside any
// loop), so the statement's regions are exact.
// m: IN = W = [0,rows-1] x [0,cols-1]; all of it is read afterwards, so
// stored whole: to = from = 8 * rows * cols. rows and cols are read only,
// passed by value, 0. 3 4: 96. 1 5: 40. 0 3: nothing.
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    int rows = atoi(argv[1]), cols = atoi(argv[2]);
    double *m = malloc(sizeof(double) * rows * cols);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            m[r * cols + c] = r - 0.5 * c;
kernel:
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            m[r * cols + c] = m[r * cols + c] * 3 + c;
    double s = 0;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            s += m[r * cols + c] * ((r + c) % 3);
    printf("%g\n", s);
    free(m);
    return 0;
}
