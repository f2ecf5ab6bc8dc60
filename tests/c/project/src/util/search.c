#include "kernels.h"

/* The selected loop returns from inside: ferry refuses to isolate it
 * (the transfers back would be skipped), and the unit is copied as it is. */
int first_negative(int n, const double *a)
{
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        if (a[i] < 0)
            return i;
    return -1;
}
