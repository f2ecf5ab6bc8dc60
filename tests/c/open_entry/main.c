#include <stdio.h>
#include "scale.h"

int main(void)
{
    double a[N];
    for (int i = 0; i < N; i++)
        a[i] = i;
    scale(N, a, 2.0);
    printf("%g %g\n", a[1], a[N - 1]);
    return 0;
}
