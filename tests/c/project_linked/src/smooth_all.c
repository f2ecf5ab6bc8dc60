#include "ops.h"

/* smooth_into calls a static function of its own unit, which a clone
 * here could not call: refused, naming it. */
void smooth_all(int n, double *acc)
{
#pragma ferry isolate
    for (int s = 0; s < 2; s++)
        smooth_into(n, acc);
}
