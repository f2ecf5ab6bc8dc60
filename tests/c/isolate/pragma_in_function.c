// ferry-test: isolate --pragma
// ferry-test: run 10 3 => to=240 from=192
// ferry-test: run 3 1 => to=24 from=8
// ferry-test: run 2 2 => to=0 from=0
// A pragma inside a function called 2T times (ping-pong between u and v through pointer parameters).
// Per call: n, read only, passed by value -> 0; v: R [0,n-1] -> 4n (n >= 3); u: W [1,n-2] exact -> store 4(n-2).
// to = 2T*4n, from = 2T*4(n-2).  10 3: 6*40=240, 6*32=192.  3 1: 2*12=24, 2*4=8.
// 2 2: the loop never runs, 0 / 0.
#include <stdio.h>
#include <stdlib.h>

void step(int n, float *u, const float *v)
{
#pragma ferry isolate
    for (int i = 1; i < n - 1; i++)
        u[i] = 0.5f * (v[i - 1] + v[i + 1]);
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), T = atoi(argv[2]);
    float u[16], v[16];
    for (int i = 0; i < 16; i++)
        u[i] = v[i] = (float)(i % 3);
    for (int t = 0; t < T; t++) {
        step(n, u, v);
        step(n, v, u);
    }
    for (int i = 0; i < 16; i++)
        printf("%.9g %.9g\n", u[i], v[i]);
    return 0;
}
