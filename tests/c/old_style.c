// cflags: -std=gnu89
/* C89 as legacy code writes it: old-style (K&R) definitions, implicit
 * `int` for functions, variables and parameters, `register` locals. gcc
 * accepts all of it with -std=gnu89 (newer gcc refuses implicit `int` in
 * C99 and later modes). */
#include <stdio.h>

static count;
const limit = 5;
static unsigned long checksum = 7;

/* No parameters, implicit int. */
next()
{
    return ++count;
}

/* Parameters declared after the list, two in one declaration, one left
 * undeclared (an `int`). */
sum(a, from, n)
    int *a, n;
{
    register i, s = 0;
    for (i = from; i < n; i++)
        s += a[i];
    return s;
}

/* A `float` parameter of an old-style definition is passed as a `double`
 * (default argument promotions) and converted on entry. */
double scaled(x, f)
    double x;
    float f;
{
    return x * f;
}

/* Array and pointer-to-pointer parameters, qualifiers, `register` with a
 * type. */
static void fill(v, n, names)
    double v[];
    register unsigned n;
    const char **names;
{
    unsigned k;
    for (k = 0; k < n; k++)
        v[k] = k * 0.5 + names[k % 2][0];
}

/* Implicit int with a storage class, and a `char` parameter (promoted to
 * `int` by callers). */
static shifted(c, by)
    char c;
{
    return c + by;
}

main()
{
    int a[8];
    double v[4];
    static const char *names[] = {"a", "b"};
    register int i;
    for (i = 0; i < 8; i++)
        a[i] = i * i;
    fill(v, 4, names);
    next();
    next();
    printf("%d %d %g %g\n", sum(a, 2, 6), count, scaled(v[3], 2.5), v[0]);
    printf("%d %d %lu\n", shifted('a', 2), limit, checksum);
    return 0;
}
