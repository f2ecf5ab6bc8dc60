/* Complex arithmetic: _Complex in every spelling order, I, creal/cimag,
 * conj, cabs, __real__/__imag__. */
#include <complex.h>
#include <stdio.h>

static double _Complex rotate(double _Complex z) { return z * I; }

int main(void)
{
    double _Complex z = 1.0 + 2.0 * I;
    _Complex double w = 3.0 - 1.0 * I;
    float _Complex f = 0.5f + 0.25f * I;
    long double _Complex lz = 2.0L;
    double complex prod = z * w;
    double complex quot = z / w;
    double complex c = conj(z);
    printf("%.3f %.3f\n", creal(prod), cimag(prod));
    printf("%.3f %.3f\n", creal(quot), cimag(quot));
    printf("%.3f %.3f %.3f\n", creal(c), cimag(c), cabs(3.0 + 4.0 * I));
    printf("%.3f %.3f\n", crealf(f * f), cimagf(f * f));
    double _Complex r = rotate(z);
    printf("%.1f %.1f %.1f\n", __real__ r, __imag__ r, (double)creall(lz));
    __real__ r = 10.0;
    __imag__ r += 0.5;
    printf("%.1f %.1f %zu %zu\n", creal(r), cimag(r), sizeof(double _Complex), sizeof f);
    return 0;
}
