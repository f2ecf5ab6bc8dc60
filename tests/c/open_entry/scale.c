/* An externally visible function that the analysed files call with one
 * size only (main.c: n = 40); other_caller.c, outside them, calls it with
 * others (tests/tests/validate_cli.rs). */
#include "scale.h"

void scale(int n, double a[n], double s)
{
    for (int i = 0; i < n; i++)
        a[i] = a[i] * s;
}
