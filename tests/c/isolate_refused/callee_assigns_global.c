// ferry-test: isolate --label kernel
// ferry-test: refuse assigns the global `calls`
// A callee that counts its calls in a global scalar: its clone would get
// the global's value as a parameter, which cannot carry the assignment
// back, so the statement is refused.
#include <stdio.h>

int calls;

double twice(double v)
{
    calls++;
    return 2 * v;
}

int main(void)
{
    double x[16];
    for (int i = 0; i < 16; i++)
        x[i] = i;
kernel:
    for (int i = 0; i < 16; i++)
        x[i] = twice(x[i]);
    printf("%g %d\n", x[15], calls);
    return 0;
}
