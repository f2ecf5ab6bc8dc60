// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=48 from=40
// ferry-test: run 1 => to=12 from=4
// ferry-test: run 0 => to=0 from=0
// A call passing arrays with offsets, smooth(a + i, b + i): the callee reads p[0..2], writes q[0].
// n: read only, passed by value -> 0; i local.
// a: R {i, i+1, i+2 : 0<=i<=n-1} -> [0, n+1] -> load 4(n+2).  b: W [0,n-1] exact -> store 4n.
// to = 4(n+2), from = 4n.  n=10: 48 / 40; n=1: 12 / 4; n=0: 0 / 0.
#include <stdio.h>
#include <stdlib.h>

static void smooth(const float *p, float *q)
{
    q[0] = (p[0] + p[1] + p[2]) / 3.0f;
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    float a[20], b[20];
    for (int i = 0; i < 20; i++) {
        a[i] = (float)(i * i % 13);
        b[i] = -1.0f;
    }
kernel:
    for (int i = 0; i < n; i++)
        smooth(a + i, b + i);
    for (int i = 0; i < 20; i++)
        printf("%.9g\n", b[i]);
    return 0;
}
