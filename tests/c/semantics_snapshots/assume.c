/* PENCIL's `__pencil_assume(c)`: the user guarantees c where the call
 * runs, so the preconditions after it hold c (a guard the run never
 * fails). `shift_unassumed`, called first, knows nothing of m and n. */
#include <stdio.h>
#include <stdlib.h>

void __pencil_assume(int condition)
{
    (void)condition;
}

static void shift_unassumed(int n, int m, double D[1000])
{
    for (int i = 0; i < n; i++)
        D[i] = D[i + m] * 0.5;
}

static void shift(int n, int m, double D[1000])
{
    __pencil_assume(m > n);
    for (int i = 0; i < n; i++)
        D[i] = D[i + m] * 0.5;
}

int main(int argc, char **argv)
{
    int n = argc > 2 ? atoi(argv[1]) : 5;
    int m = argc > 2 ? atoi(argv[2]) : 7;
    if (n < 0 || m < 0 || n + m > 1000)
        return 1;
    double D[1000];
    for (int i = 0; i < 1000; i++)
        D[i] = i;
    shift_unassumed(n, m, D);
    shift(n, m, D);
    printf("%g\n", D[0] + D[n]);
    return 0;
}
