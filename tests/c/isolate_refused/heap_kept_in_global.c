// ferry-test: isolate --label kernel
// ferry-test: refuse memory ferry cannot name
// The block allocated into a is handed to keep, which stores it in a
// global: another function reads it there, under the global's name. So a
// does not name the block (its value escapes through keep's parameter),
// and the kernel, which writes it, cannot be isolated. Named, a's elements
// would be dead after the kernel (main reads none through a) and never
// stored back.
#include <stdio.h>
#include <stdlib.h>

static double *kept;

static void keep(double *p)
{
    kept = p;
}

static double first_two(void)
{
    return kept[0] + kept[1];
}

int main(void)
{
    double *a = malloc(8 * sizeof *a);
    if (!a)
        return 1;
    keep(a);
kernel:
    for (int i = 0; i < 8; i++)
        a[i] = i + 0.25;
    printf("%g\n", first_two());
    free(a);
    return 0;
}
