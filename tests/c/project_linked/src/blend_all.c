#include "ops.h"

/* A callee given an isolated array must be cloned to use the device's
 * copy, and ferry clones only the functions of the statement's own file:
 * refused, with that reason, though the units are linked. */
void blend_all(int n, double *acc, const double *x)
{
#pragma ferry isolate
    for (int s = 0; s < 2; s++)
        accumulate(n, acc, x);
}
