// ferry-test: isolate --pragma
// ferry-test: run 10 => to=1056 from=1024 rects=4
// ferry-test: run 3 => to=104 from=16
// Jacobi's two half-steps isolated apart: the second reads the inside of B,
// which the first wrote on the device, and its rim, which the host has.
// The rim is four boxes, loaded apart: one box over the whole grid would
// cover the new inside with the host's old values.
// First: n, read only, passed by value -> 0; A: IN [0,n-1]^2 minus the corners, whose box is [0,n-1]^2
// -> 8n^2; B: W [1,n-2]^2 exact.
// Second: n -> 0; B: IN [0,n-1]^2 minus the corners; the device holds the
// inside; the rim: rows 0 and n-1 over columns [1,n-2], columns 0 and n-1
// over rows [1,n-2] -> 4 * 8(n-2); A: W [1,n-2]^2 exact -> 8(n-2)^2; B's
// inside is stored (printed) -> 8(n-2)^2.
// n=10: to 800+256 = 1056, from 512+512 = 1024.
// n=3: to 72+32 = 104, from 8+8 = 16.
// One box for the rim would reach the inside: B's inside would be stored
// first and the whole grid loaded (to 800+800).
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double A[10][10], B[10][10];
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < 10; j++) {
            A[i][j] = (i * 3 + j) % 7;
            B[i][j] = (i + 2 * j) % 5;
        }
#pragma ferry isolate
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
            B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
#pragma ferry isolate
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
            A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < 10; j++)
            printf("%g %g\n", A[i][j], B[i][j]);
    return 0;
}
