/* Typedef names shadowed by variables, parameters and enumerators in inner
 * scopes, redefined as other types there, and visible again outside.
 * (A typedef name declared as a `for` loop variable: typedef_for_scope.c.) */
#include <stdio.h>

typedef int T;
typedef double real;

static T twice(T x) { return 2 * x; }

/* A parameter named like a typedef hides it inside the body. */
static int hide(real T) { return (int)(T * 2); }

int main(void)
{
    T a = 1;
    int r = 0;
    {
        int T = 5;      /* variable shadows the typedef */
        T = T * 2;      /* an expression statement, not a declaration */
        r += T;
        {
            typedef char T; /* a type again, of another type */
            T c = 'A';
            r += c + (int)sizeof(T);
        }
        r += T;
    }
    {
        enum { T = 7 };
        r += T;
    }
    if (r > 0) {
        double T = 0.5; /* shadowed in an if body */
        r += (int)(T * 4);
    }
    T after_blocks = 2; /* the typedef is visible again */
    r += after_blocks;
    {
        real real = 2.5; /* a variable named like its own type */
        r += (int)(real * 2);
    }
    T b = twice(a);
    T *p = &b, c = 3;   /* T * p is a declaration at block scope */
    r += *p + c + hide(1.5);
    printf("%d %zu\n", r, sizeof(T));
    return 0;
}
