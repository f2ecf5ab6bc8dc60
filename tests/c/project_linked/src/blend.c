#include "ops.h"

/* acc[0..n-1] read and written, x[0..n-1] read; mix, defined in another
 * unit, and weight, which mix calls in a third, touch no memory. */
void blend(int n, int steps, double *acc, const double *x)
{
#pragma ferry isolate
    for (int s = 0; s < steps; s++)
        for (int i = 0; i < n; i++)
            acc[i] = mix(acc[i], x[i], i);
}
