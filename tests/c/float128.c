/* _Float128, __float128 and the other _FloatN types, with their literal
 * suffixes; printed through casts to double. */
#include <stdio.h>

static _Float128 poly(_Float128 x) { return 3 * x * x - 2 * x + 1; }

int main(void)
{
    _Float128 a = 1.5f128;
    _Float128 b = poly(a);
    __float128 q = 2.25q;
    _Float64 d = 0.125f64;
    _Float32 f = 0.5f32;
    _Float32x fx = 1.0f32x;
    _Float64x lx = 2.0F64x;
    _Float128 third = (_Float128)1 / 3;
    printf("%.4f %.4f %.4f %.4f %.4f %.4f %.4f\n", (double)a, (double)b, (double)q, (double)d, (double)f,
           (double)fx, (double)lx);
    printf("%.10f %zu %zu\n", (double)(third * 3), sizeof(_Float128), sizeof(__float128));
    return 0;
}
