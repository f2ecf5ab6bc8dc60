#include <stdio.h>
#include <stdlib.h>
#include "kernels.h"

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : N;
    if (n < 3 || n > N)
        return 1;
    double a[N], b[N];
    for (int i = 0; i < n; i++) {
        a[i] = (i * 7) % 11 - 2.5;
        b[i] = 0.0;
    }
    smooth(n, a, b);
    scale(n, b);
    for (int i = 0; i < n; i++)
        printf("%.17g\n", b[i]);
    printf("first negative: %d\n", first_negative(n, a));
    return 0;
}
