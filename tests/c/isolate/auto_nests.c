// ferry-test: isolate --auto
// ferry-test: run 10 => to=240 from=560
// ferry-test: run 1 => to=24 from=56
// ferry-test: run 0 => to=0 from=0
// --auto: every outermost loop nest with a parallel loop, isolated
// together; the others stay on the host, each listed with its reason.
// - the initialisation (parallel): x[0..n-1] and y[0..n-1] written
//   exactly, nothing loaded -> back 16n;
// - the prefix sum of x (sequential: x[i] reads x[i - 1]): left out;
// - the 2-D nest (parallel in i and j): x[0..n-1] in -> 8n;
//   m[0..n-1][0..3] back -> 32n;
// - the product y[i] * x[i] (parallel): x and y in -> 16n, y back -> 8n;
// - the printing loop (calls printf): left out.
// The prefix sum, on the host between them, writes x: each nest moves its
// own. To 24n, from 56n: n=10 240 / 560; n=1 24 / 56; n=0 0 / 0.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    if (n < 0 || n > 100)
        return 1;
    double x[100], y[100], m[100][4];
    for (int i = 0; i < n; i++) {
        x[i] = i % 7;
        y[i] = 1.0 / (i + 1);
    }
    for (int i = 1; i < n; i++)
        x[i] = x[i] + x[i - 1];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 4; j++)
            m[i][j] = x[i] * j;
    for (int i = 0; i < n; i++)
        y[i] = y[i] * x[i];
    for (int i = 0; i < n; i++)
        printf("%g %g %g\n", y[i], m[i][0], m[i][3]);
    return 0;
}
