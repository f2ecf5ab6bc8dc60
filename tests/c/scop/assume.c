/* PENCIL's explicit assumptions (report section 3.5, Listing 7): the
 * user guarantees m > n where the call runs, so the SCoP's context holds
 * it; inside the loop, the assumption on i (i + m < size, for every i)
 * holds for the parameters that keep the last iteration's i in it. A
 * condition on data says nothing the model can use, and is left out. */
#include <stdio.h>
#include <stdlib.h>

void __pencil_assume(int condition)
{
    (void)condition;
}

static void assume(int n, int m, int size, int D[size])
{
    __pencil_assume(m > n);
    for (int i = 0; i < n; i++) {
        __pencil_assume(i + m < size);
        __pencil_assume(D[i] >= 0);
        D[i] = D[i + m];
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4;
    if (n < 0 || n > 100)
        return 1;
    int m = n + 3, size = n + m;
    int *D = malloc(sizeof(int[size]));
    for (int i = 0; i < size; i++)
        D[i] = i * i;
    assume(n, m, size, D);
    long s = 0;
    for (int i = 0; i < size; i++)
        s += D[i] * (i + 1);
    printf("%ld\n", s);
    free(D);
    return 0;
}
