/* _Generic: type-generic macros, default, qualified and pointer types,
 * nested selections, selection on expressions with side effects unevaluated. */
#include <stdio.h>

#define type_name(x) _Generic((x), \
    _Bool: "_Bool", char: "char", signed char: "signed char", unsigned char: "unsigned char", \
    short: "short", unsigned short: "unsigned short", int: "int", unsigned: "unsigned", \
    long: "long", unsigned long: "unsigned long", long long: "long long", \
    unsigned long long: "unsigned long long", float: "float", double: "double", \
    long double: "long double", char *: "char *", const char *: "const char *", \
    int *: "int *", default: "other")

#define abs_of(x) _Generic((x), int: abs_i, double: abs_d, default: abs_l)(x)

static int abs_i(int x) { return x < 0 ? -x : x; }
static double abs_d(double x) { return x < 0 ? -x : x; }
static long abs_l(long x) { return x < 0 ? -x : x; }

struct s { int a; };

int main(void)
{
    int i = 0;
    const char *cs = "x";
    char buf[4];
    struct s st = {1};
    printf("%s %s %s %s\n", type_name(i), type_name(1u), type_name(2l), type_name(3ull));
    printf("%s %s %s %s\n", type_name(1.0f), type_name(1.0), type_name(1.0L), type_name('a'));
    printf("%s %s %s %s\n", type_name(cs), type_name(buf), type_name(&i), type_name(st));
    printf("%s %s\n", type_name((short)1), type_name((_Bool)1));
    printf("%d %.1f %ld\n", abs_of(-3), abs_of(-2.5), abs_of(-7L));
    int n = _Generic(i++, int: 10, default: 20); /* i++ is not evaluated */
    int m = _Generic(&st, struct s *: _Generic(st.a, int: 1, default: 2), default: 3);
    printf("%d %d %d\n", n, m, i);
    return 0;
}
