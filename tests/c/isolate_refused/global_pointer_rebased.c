// ferry-test: isolate --pragma
// ferry-test: refuse memory ferry cannot name
// A global pointer allocated in main, but another function points it at a
// named array: buf does not keep to its block, so what buf[i] reaches
// has no name. Named, buf and storage would get two device copies of the
// same elements, and the loop's recurrence through them would be lost.
#include <stdio.h>
#include <stdlib.h>

double storage[100];
double *buf;

static void point_at_storage(void)
{
    buf = storage;
}

int main(void)
{
    buf = malloc(100 * sizeof *buf);
    point_at_storage();
    for (int i = 0; i < 100; i++)
        storage[i] = 0;
#pragma ferry isolate
    for (int i = 1; i < 100; i++)
        buf[i] = storage[i - 1] + 1;
    double s = 0;
    for (int i = 0; i < 100; i++)
        s += storage[i];
    printf("%f\n", s);
    return 0;
}
