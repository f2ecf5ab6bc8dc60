// ferry-test: isolate --pragma
// ferry-test: run 9 => to=20 from=36
// ferry-test: run 1 => to=4 from=4
// ferry-test: run 0 => to=0 from=0
// Fixed-point filtering with a static helper reading a short array through
// a pointer parameter, `(x[i] * 3) >> 2`: the helper is cloned onto the
// device copy; the shift is arithmetic, the products stay exact.
// x read [0, n] (taps i and i + 1) -> 2(n + 1) in; y written [0, n-1] ->
// 4n back. n and i by value.
// to = 2(n + 1) when n >= 1, from = 4n: 9 -> 20 / 36; 1 -> 4 / 4; 0 ->
// nothing.
#include <stdio.h>
#include <stdlib.h>

static int tap(const short *x, int i)
{
    return (x[i] * 3) >> 2;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    short *x = malloc((n + 2) * sizeof *x);
    int *y = malloc((n + 1) * sizeof *y);
    for (int k = 0; k < n + 1; k++)
        x[k] = (short)((k * 37) % 200 - 100);
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        y[i] = tap(x, i) + tap(x, i + 1);
    long s = 0;
    for (int k = 0; k < n; k++)
        s += y[k] * (k % 5);
    printf("%ld\n", s);
    free(x);
    free(y);
    return 0;
}
