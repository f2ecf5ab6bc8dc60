// ferry-test: isolate --pragma
// ferry-test: run 1000 => to=24000 from=12000
// ferry-test: run 10 => to=240 from=120
// A global structure of arrays, P.x and P.y: each field the statement
// subscripts is an array of its own, with its own buffer and copies,
// not the whole structure (8 KB each way per call, with `count`). step
// runs three times; each call reads x[0..n-1] and y[0..n-1] and writes
// x[0..n-1]; dt reaches it by value.
// Per call: x in 4n, y in 4n, x back 4n.
#include <stdio.h>
#include <stdlib.h>

#define N 1000

struct particles {
    float x[N], y[N];
    int count;
} P;

static void step(int n, float dt)
{
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        P.x[i] = P.x[i] + dt * P.y[i];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : N;
    if (n < 1 || n > N)
        return 1;
    P.count = n;
    for (int i = 0; i < N; i++) {
        P.x[i] = (float)i;
        P.y[i] = 1.0f / (float)(i + 1);
    }
    for (int t = 0; t < 3; t++)
        step(n, 0.5f);
    double s = 0;
    for (int i = 0; i < N; i++)
        s += P.x[i] * (i % 3);
    printf("%d %.3f\n", P.count, s);
    return 0;
}
