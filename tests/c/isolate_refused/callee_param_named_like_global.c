// ferry-test: isolate --label kernel
// ferry-test: refuse has a parameter named `scale`
// `apply` calls `factor`, which reads the global `scale`, and has a
// parameter of the same name: its clone would need two parameters named
// `scale` (one for the global it passes on), so the statement is refused.
#include <stdio.h>

double scale = 2.0;

double factor(int i)
{
    return scale * i;
}

double apply(double v, double scale, int i)
{
    return v * scale + factor(i);
}

int main(void)
{
    double x[8];
    for (int i = 0; i < 8; i++)
        x[i] = i;
kernel:
    for (int i = 0; i < 8; i++)
        x[i] = apply(x[i], 0.5, i);
    printf("%g\n", x[7]);
    return 0;
}
