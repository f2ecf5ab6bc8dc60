#include <stdio.h>
#include <stdlib.h>
#include "ops.h"

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : N;
    if (n < 1 || n > N)
        return 1;
    double acc[N], x[N];
    for (int i = 0; i < n; i++) {
        acc[i] = i % 3;
        x[i] = (i * 7) % 11 - 2.5;
    }
    blend(n, 3, acc, x);
    blend_all(n, acc, x);
    smooth_all(n, acc);
    for (int i = 0; i < n; i++)
        printf("%.17g\n", acc[i]);
    return 0;
}
