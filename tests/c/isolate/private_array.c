// ferry-test: isolate --label kernel
// ferry-test: run 20 16 => to=2560 from=2560
// ferry-test: run 3 5 => to=120 from=120
// ferry-test: run 0 4 => to=0 from=0
// A scratch array each iteration writes before reading, dead after the
// loop: private to each iteration, so the row loop is parallel, each
// work-item with its own copy of t (a scratch buffer of one copy per
// work-item). t is never loaded nor stored.
// n, m: read only, passed by value: 0.  a: R [0,n-1]x[0,m-1] double -> 8nm.  b: W exact, the same -> store 8nm.
// to = 8nm: 20x16: 2560; 3x5: 120; 0x4: 0.  from = 8nm: 2560, 120, 0.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), m = atoi(argv[2]);
    static double a[32][16], b[32][16];
    double t[16];
    for (int i = 0; i < 32; i++)
        for (int j = 0; j < 16; j++) {
            a[i][j] = (i * 16 + j) % 11 - 5.0;
            b[i][j] = -1.0;
        }
kernel:
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < m; j++)
            t[j] = a[i][j] * 2.0 + i;
        for (int j = 0; j < m; j++)
            b[i][j] = t[m - 1 - j] - t[j] * 0.5;
    }
    for (int i = 0; i < 32; i++)
        for (int j = 0; j < 16; j++)
            printf("%g%c", b[i][j], j == 15 ? '\n' : ' ');
    return 0;
}
