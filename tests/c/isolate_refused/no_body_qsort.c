// ferry-test: isolate --label kernel
// ferry-test: refuse qsort
// A call to a function with no body (qsort, from the C library) that takes the array:
// ferry cannot see what it touches, nor run it on the accelerator.
#include <stdio.h>
#include <stdlib.h>

static int cmp(const void *x, const void *y)
{
    return *(const int *)x - *(const int *)y;
}

int main(void)
{
    int v[6] = {5, 1, 4, 2, 6, 3};
kernel:
    qsort(v, 6, sizeof v[0], cmp);
    for (int i = 0; i < 6; i++)
        printf("%d\n", v[i]);
    return 0;
}
