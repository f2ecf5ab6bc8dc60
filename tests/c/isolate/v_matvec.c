// ferry-test: isolate --pragma
// ferry-test: validate --original-may-fail
// ferry-test: run 4 3 => to=120 from=32
// ferry-test: run 1 1 => to=16 from=8
// ferry-test: run 32 32 => to=8448 from=256
// ferry-test: compare y.txt
/* A matrix-vector product on long integers (byte poison), marked by a
 * pragma; the accumulator is local to the statement, so y is only written.
 * n, m (ints) are read only, passed by value (0 bytes). Load:
 * A[0..n-1][0..m-1], x[0..m-1]; store: y[0..n-1]. The result goes to a file; the exit status is a checksum. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 3)
        return 100;
    int n = atoi(argv[1]), m = atoi(argv[2]);
    if (n < 1 || n > 32 || m < 1 || m > 32)
        return 100;
    long A[32][32], x[32], y[32];
    for (int i = 0; i < 32; i++) {
        x[i] = i - 5;
        y[i] = 7;
        for (int j = 0; j < 32; j++)
            A[i][j] = (i + 1) * (j % 5) - j;
    }
#pragma ferry isolate
    for (int i = 0; i < n; i++) {
        long s = 0;
        for (int j = 0; j < m; j++)
            s += A[i][j] * x[j];
        y[i] = s;
    }
    FILE *f = fopen("y.txt", "w");
    if (!f)
        return 101;
    long check = 0;
    for (int i = 0; i < 32; i++) {
        fprintf(f, "%ld\n", y[i]);
        check += y[i] * (i + 1);
    }
    fclose(f);
    return (int)(check & 63);
}
