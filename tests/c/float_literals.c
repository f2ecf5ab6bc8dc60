/* Floating constants: decimal and hex, exponents, every suffix. */
#include <stdio.h>

#define T(x) _Generic((x), float: "f", double: "d", long double: "ld", default: "?")

int main(void)
{
    float a = 1.5f;
    double b = 1e3;
    long double c = 1e3L;
    double h = 0x1.8p3;
    double h2 = 0x.8p1;
    float h3 = 0x1p-2f;
    long double h4 = 0xAp0L;
    double d1 = .5, d2 = 5., d3 = 1e-3, d4 = 1E+3;
    float f2 = 2.F;
    long double l2 = 3.25l;
    printf("%s %s %s %s %s %s %s\n", T(1.5f), T(1e3), T(1e3L), T(0x1.8p3), T(1.0l), T(2.F), T(.5));
    printf("%g %g %Lg %g %g %g %Lg\n", a, b, c, h, h2, h3, h4);
    printf("%g %g %g %g %g %Lg\n", d1, d2, d3, d4, f2, l2);
    printf("%.17g %.9g\n", 0.1, 0.1f);
    printf("%.3e %.3e\n", 6.02214076e23, 1.602176634e-19);
    printf("%a\n", 0x1.fffffffffffffp+1023);
    return 0;
}
