// ferry-test: isolate --label body --transfer-plan hull
// ferry-test: run 6 => to=96 from=80
// ferry-test: run 3 => to=24 from=8
// loop_reload_newer.c with a dead after the loop (only out is printed).
// The loads of a still reach elements an earlier iteration wrote on the
// device (the fallback of reuse.rs: every iteration loads its column and
// stores what it wrote), so the stores of every iteration but the last
// stay, although nothing reads a after the loop: the next iteration's
// load brings them back. The last iteration's are cut to what is live
// after the loop: nothing of a.
// Iteration i: loads the column (3 longs; i is read only, passed by
// value: 0); stores
// a[1][i+1], a[1][i+2] (2 longs) unless it is the last, and out[i] (a
// long; never written again, printed after the loop).
// Iterations 0..n-3. n=6: to = 4*24 = 96, from = 3*16 + 4*8 = 80.
// n=3: one iteration: to = 24, from = 8.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    long a[3][16], out[16];
    if (n < 3 || n > 16)
        return 2;
    for (int r = 0; r < 3; r++)
        for (int j = 0; j < 16; j++)
            a[r][j] = (r * 7 + j * 3) % 11;
    for (int j = 0; j < 16; j++)
        out[j] = -1;
    for (int i = 0; i < n - 2; i++)
    body: {
        long s = a[0][i + 1] + 2 * a[1][i + 1] + 3 * a[2][i + 1];
        a[1][i + 1] = s;
        a[1][i + 2] = s - 5;
        out[i] = s;
    }
    for (int j = 0; j < 16; j++)
        printf("%ld\n", out[j]);
    return 0;
}
