// ferry-test: isolate --label body --transfer-plan hull
// ferry-test: run 6 => to=96 from=64
// ferry-test: run 3 => to=24 from=16
// The fallback of transfers shared between loop iterations (reuse.rs) when
// a load's box would reach an element an earlier iteration wrote on the
// device and has not stored yet. Iteration i reads column i+1 of a (rows 0
// to 2) and writes a[1][i+1] and a[1][i+2] (an exact box): a[1][i+1] was
// written by iteration i-1, which would leave its store to iteration i,
// the last to write it. What iteration i lacks, a[0][i+1] and a[2][i+1],
// has the whole column for box, and the column holds that newer a[1][i+1]:
// loading the box would put the host's old value over it before iteration
// i reads it. So every iteration stores all it wrote (2 longs) and loads
// its own Need, the column (3 longs); i is read only, passed by value (0).
// Iterations 0..n-3. n=6: to = 4*24 = 96, from = 4*16 = 64.
// n=3: to = 24, from = 16.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    long a[3][16];
    if (n < 3 || n > 16)
        return 2;
    for (int r = 0; r < 3; r++)
        for (int j = 0; j < 16; j++)
            a[r][j] = (r * 7 + j * 3) % 11;
    for (int i = 0; i < n - 2; i++)
    body: {
        long s = a[0][i + 1] + 2 * a[1][i + 1] + 3 * a[2][i + 1];
        a[1][i + 1] = s;
        a[1][i + 2] = s - 5;
    }
    for (int r = 0; r < 3; r++)
        for (int j = 0; j < 16; j++)
            printf("%ld\n", a[r][j]);
    return 0;
}
