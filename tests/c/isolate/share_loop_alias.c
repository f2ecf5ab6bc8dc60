// ferry-test: isolate --pragma
// ferry-test: run 10 3 => to=240 from=240
// Host code in the loop writes a through a pointer to one of its
// elements: a cannot leave the loop.
// Statement: n, read only, passed by value -> 0; a: IN and W [0,n-1] exact.
// Every step, alone: a loaded and stored [0,n-1] -> 8n each way.
// n=10, 3 steps: to 3*80 = 240, from 3*80 = 240.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int steps = atoi(argv[2]);
    double a[16];
    double *p = &a[2];
    for (int i = 0; i < 16; i++)
        a[i] = i * 0.25;
    for (int t = 0; t < steps; t++) {
#pragma ferry isolate
        for (int i = 0; i < n; i++)
            a[i] = a[i] * 0.5 + 1;
        *p = *p * 3;
    }
    for (int i = 0; i < 16; i++)
        printf("%g\n", a[i]);
    return 0;
}
