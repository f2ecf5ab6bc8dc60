#include <stdio.h>

extern double big[100];
void ramp(int n, double *a);

void fill(int n, double *a)
{
    for (int i = 0; i < n; i++)
        a[i] = i * 0.5;
}

int main(void)
{
    double a[8], b[5];
    fill(8, a);
    ramp(5, b);
    printf("%g %g %g %g\n", a[7], big[99], big[50], b[4]);
    return 0;
}
