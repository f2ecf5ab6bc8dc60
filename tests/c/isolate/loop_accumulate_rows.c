// ferry-test: isolate --label body
// ferry-test: run 4 3 => to=120 from=24
// ferry-test: run 1 5 => to=80 from=40
// ferry-test: run 6 1 => to=56 from=8
// A loop whose iterations all write the same elements: acc[0..m-1] += b[i][j]. Shared between
// iterations (section 4.3): acc is loaded by the first iteration only (later ones find it on the
// device) and stored by the last one only (every earlier store would be overwritten for sure);
// each iteration loads its row b[i][0..m-1]. i and m are read only, passed by value (0 bytes).
// n=4 m=3: to = 3*8 (acc) + 4*3*8 (b) = 24 + 96 = 120; from = 3*8 = 24.
// n=1 m=5: to = 40 + 40 = 80; from = 40.   n=6 m=1: to = 8 + 48 = 56; from = 8.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), m = atoi(argv[2]);
    double b[8][8], acc[8];
    if (n < 1 || n > 8 || m < 1 || m > 8)
        return 2;
    for (int i = 0; i < 8; i++) {
        acc[i] = i * 0.5;
        for (int j = 0; j < 8; j++)
            b[i][j] = (i * 3 + j * 7) % 11 - 5;
    }
    for (int i = 0; i < n; i++) {
    body:
        for (int j = 0; j < m; j++)
            acc[j] += b[i][j];
    }
    for (int j = 0; j < 8; j++)
        printf("%g\n", acc[j]);
    return 0;
}
