// ferry-test: isolate --label kernel
// ferry-test: refuse memory ferry cannot name
// A block allocated into p is returned: the caller reads it under another
// name, so p does not name it (its value escapes), and the kernel's writes
// cannot be told live or dead at the function's end. Named, they would be
// local memory nobody reads after the return, and never stored back.
#include <stdio.h>
#include <stdlib.h>

static double *ramp(int n)
{
    double *p = malloc(n * sizeof *p);
    if (!p)
        return 0;
kernel:
    for (int i = 0; i < n; i++)
        p[i] = i * 1.5;
    return p;
}

int main(void)
{
    double *r = ramp(8);
    if (!r)
        return 1;
    printf("%g %g\n", r[0], r[7]);
    free(r);
    return 0;
}
