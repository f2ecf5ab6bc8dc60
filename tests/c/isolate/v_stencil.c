// ferry-test: isolate --function smooth
// ferry-test: cflags -DN=16 -DM=12
// ferry-test: run 10 8 => to=640 from=384
// ferry-test: run 3 3 => to=72 from=8
// ferry-test: run 16 12 => to=1520 from=1120 rows=1 hull=1
// ferry-test: plan hull
// ferry-test: run 16 12 => to=1536 from=1120 rows=0 hull=2
// ferry-test: compare out.txt
/* A 2-D five-point stencil on global arrays sized by -D flags, isolated as
 * a whole function. n, m (ints) are read only, passed by value (0 bytes).
 * Load: the rectangular hull of what is read of A, all of A[0..n-1][0..m-1] (corners included: boxes are
 * rectangles); store: B[1..n-2][1..m-2], surely written, so never loaded.
 * With the default plan (auto), when m = M the box spans whole rows and A's
 * span from (0,1) to (n-1,m-2) is one contiguous copy of 15*12+10-1+1 = 190
 * elements instead of 192: to 8*190 = 1520. For m < M the span is longer
 * than the box, which stays. */
#include <stdio.h>
#include <stdlib.h>

double A[N][M], B[N][M];

void smooth(int n, int m)
{
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < m - 1; j++)
            B[i][j] = (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) / 4;
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return 2;
    int n = atoi(argv[1]), m = atoi(argv[2]);
    if (n < 3 || n > N || m < 3 || m > M)
        return 2;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            A[i][j] = (i * 7 + j * 3) % 11;
            B[i][j] = 100 + i;
        }
    smooth(n, m);
    FILE *f = fopen("out.txt", "w");
    if (!f)
        return 3;
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < M; j++)
            fprintf(f, " %g", B[i][j]);
        fprintf(f, "\n");
    }
    fclose(f);
    printf("done\n");
    return 0;
}
