// ferry-test: isolate --function twice
// ferry-test: run 4 3 => to=16 from=16 loads=1 stores=1
// ferry-test: run 6 1 => to=24 from=24
// ferry-test: run 5 0 => to=0 from=0
// run's lone call of double_all pays nothing on its own, but run is
// called in main's time loop: twice's transfers move to double_all's
// loop, through run's call, to main's calls of run (`lift`), whose
// iterations share them (Listing 1.8).
// Per step: n, read only, passed by value -> 0. a: IN [0,n-1] in the
// first step, OUT [0,n-1] after the last (main reads it). to = 4n when a
// step runs, from 4n when a step runs.
// 4 3: 16 (1 a: 1 load), from 16.  6 1: 24, from 24.  No step: nothing.
#include <stdio.h>
#include <stdlib.h>

static void twice(int i, int n, int a[n])
{
    a[i] = 2 * a[i] + 1;
}

static void double_all(int n, int a[n])
{
    for (int i = 0; i < n; i++)
        twice(i, n, a);
}

static void run(int n, int a[n])
{
    double_all(n, a);
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), steps = atoi(argv[2]);
    int *a = malloc(sizeof(int[n]));
    for (int i = 0; i < n; i++)
        a[i] = i % 5 - 2;
    for (int t = 0; t < steps; t++)
        run(n, a);
    long sum = 0;
    for (int i = 0; i < n; i++)
        sum += (long)a[i] * (i + 1);
    printf("%ld\n", sum);
    free(a);
    return 0;
}
