// ferry-test: isolate --pragma
// ferry-test: refuse memory ferry cannot name
// A global pointer holding a heap block whose value is copied into
// another global: both name the block, so neither does alone.
#include <stdio.h>
#include <stdlib.h>

double *buf, *other;

int main(void)
{
    buf = malloc(100 * sizeof *buf);
    other = buf;
    for (int i = 0; i < 100; i++)
        buf[i] = i;
#pragma ferry isolate
    for (int i = 1; i < 100; i++)
        buf[i] = other[i - 1] + 1;
    double s = 0;
    for (int i = 0; i < 100; i++)
        s += buf[i];
    printf("%f\n", s);
    return 0;
}
