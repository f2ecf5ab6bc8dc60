/* GNU statement expressions: as values, in macros with typeof, nested, with
 * declarations and loops inside, of void type, and as function arguments. */
#include <stdio.h>

#define MAX(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define SQUARE_SUM(n) ({ int _s = 0; for (int _i = 1; _i <= (n); _i++) _s += _i * _i; _s; })

static int calls;
static int next(void) { return ++calls; }

int main(void)
{
    int x = ({ int t = 3; t * t; });
    int y = MAX(next(), 0); /* next() evaluated once */
    int z = ({ int a = ({ int b = 2; b + 1; }); a * 10; });
    int s = SQUARE_SUM(4);
    ({ printf("void statement expression\n"); });
    double m = MAX(1.5, x / 4.0);
    int w = 0;
    w += ({ int k; for (k = 0; k < 5; k++) if (k * k > 8) break; k; });
    printf("%d %d %d %d %.2f %d %d\n", x, y, z, s, m, w, calls);
    printf("%d\n", MAX(({ int q = 4; q; }), ({ 3; })));
    return 0;
}
