// ferry-test: isolate --label kernel
// ferry-test: run 40 50 => to=24020 from=20
// ferry-test: run 3 0 => to=20 from=20
// ferry-test: run 0 7 => to=20 from=20
// A 2-D nest reducing an integer sum and maximum (one kernel over both
// loops: the work-groups are 32 x 8 tiles, the launcher combines the
// tiles), then a double sum of squares, which stays sequential: summed in
// another order it would round differently (one work-item runs it, its
// scalar brought back in a cell).
// n, m: read only, passed by value: 0.  total (8), peak (4), energy (8): read and written -> 20 each way.
// A: R [0,n-1]x[0,m-1] int -> 4nm.  B: the same, double -> 8nm.
// to = 20 + 12nm: 40x50: 24020; 3x0 and 0x7: 20. from = 20.
#include <stdio.h>
#include <stdlib.h>

static int A[64][64];
static double B[64][64];

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), m = atoi(argv[2]);
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++) {
            A[i][j] = (i * 131 + j * 71) % 997 - 400;
            B[i][j] = (i - j) / 8.0;
        }
    long total = -5;
    int peak = -1000000;
    double energy = 0.25;
kernel: {
        for (int i = 0; i < n; i++)
            for (int j = 0; j < m; j++) {
                total += A[i][j];
                if (A[i][j] > peak)
                    peak = A[i][j];
            }
        for (int i = 0; i < n; i++)
            for (int j = 0; j < m; j++)
                energy += B[i][j] * B[i][j];
    }
    printf("total=%ld peak=%d energy=%.17g\n", total, peak, energy);
    return 0;
}
