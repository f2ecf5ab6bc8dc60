// ferry-test: isolate --pragma
// ferry-test: run 6 4 => to=480 from=192
// ferry-test: run 6 0 => to=0 from=0
// Power iteration: the matrix-vector product is isolated, the
// normalisation is host code. Only A leaves the loop: the host writes x
// (loaded again every step) and reads y (stored every step).
// Statement: n, read only, passed by value -> 0; A: IN [0,n-1]^2; x: IN [0,n-1]; y: W [0,n-1] exact.
// Host: reads y, writes x and norm.
// Around the loop: A loaded once -> 8n^2, never stored (not written).
// Every step: x -> 8n; y stored before the host reads it -> 8n.
// n=6, 4 steps: to 288 + 4*48 = 480, from 4*48 = 192.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int steps = atoi(argv[2]);
    double A[8][8], x[8], y[8];
    for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 8; j++)
            A[i][j] = i == j ? 4.0 + i : 1.0 / (1 + i + j);
        x[i] = 1.0;
        y[i] = -1.0;
    }
    double norm = 0.0;
    for (int t = 0; t < steps; t++) {
#pragma ferry isolate
        for (int i = 0; i < n; i++) {
            y[i] = 0.0;
            for (int j = 0; j < n; j++)
                y[i] += A[i][j] * x[j];
        }
        norm = 0.0;
        for (int i = 0; i < n; i++)
            norm += y[i] * y[i];
        norm = sqrt(norm);
        for (int i = 0; i < n; i++)
            x[i] = y[i] / norm;
    }
    printf("%.9f\n", norm);
    for (int i = 0; i < n; i++)
        printf("%.9f\n", x[i]);
    return 0;
}
