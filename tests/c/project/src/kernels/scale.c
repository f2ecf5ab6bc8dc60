#include "kernels.h"

/* FACTOR comes from this unit's command only (-DFACTOR=3). */
void scale(int n, double *a)
{
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        a[i] = a[i] * FACTOR;
}
