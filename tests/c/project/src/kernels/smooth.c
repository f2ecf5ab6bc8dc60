#include "kernels.h"

/* A three-point stencil: out[i] for 1 <= i < n - 1. */
void smooth(int n, const double *in, double *out)
{
#pragma ferry isolate
    for (int i = 1; i < n - 1; i++)
        out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0;
}
