/* A caller ferry never saw: sizes above and below main.c's. */
#include <stdio.h>
#include "scale.h"

int main(void)
{
    double a[100];
    for (int i = 0; i < 100; i++)
        a[i] = i;
    scale(100, a, 3.0);
    scale(0, a, 5.0);
    scale(7, a, -1.0);
    for (int i = 0; i < 100; i += 11)
        printf("%g\n", a[i]);
    return 0;
}
