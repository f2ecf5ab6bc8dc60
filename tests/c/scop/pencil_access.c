/* A summary function (the PENCIL report's §3.7, Listing 9): set_odd's
 * subscript goes through a function, so its body is no SCoP and its call
 * no statement; `pencil_access(set_odd_summary)` tells the model to take
 * the call's accesses from set_odd_summary instead, whose loop writes
 * exactly the odd elements set_odd writes. With it, the call is one
 * statement of spread's SCoP and its writes are exact. The user vouches
 * for the summary: ferry runs set_odd, never set_odd_summary. */
#include <stdio.h>
#include <stdlib.h>

static int twice(int i)
{
    return i + i;
}

__attribute__((unused)) static void set_odd_summary(int n, int A[n])
{
    for (int i = 1; i < n; i += 2)
        A[i] = 0;
}

__attribute__((pencil_access(set_odd_summary)))
static void set_odd(int n, int A[n]);

static void set_odd(int n, int A[n])
{
    for (int i = 0; 2 * i + 1 < n; ++i)
        A[twice(i) + 1] = i;
}

static void spread(int n, int B[2 * n], int C[2 * n])
{
    for (int i = 0; i < 2 * n; i++)
        B[i] = i;
    set_odd(2 * n, B);
    for (int i = 0; i < 2 * n; i++)
        C[i] = B[i] * 3;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4;
    if (n < 1)
        n = 1;
    int *B = malloc(sizeof(int[2 * n]));
    int *C = malloc(sizeof(int[2 * n]));
    if (!B || !C)
        return 1;
    spread(n, B, C);
    long sum = 0;
    for (int i = 0; i < 2 * n; i++)
        sum += C[i] * (i + 1);
    printf("%ld\n", sum);
    free(B);
    free(C);
    return 0;
}
