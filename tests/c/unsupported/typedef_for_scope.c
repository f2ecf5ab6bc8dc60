/* A typedef name redeclared as the variable of a `for` loop: the
 * declaration's scope ends with the loop, and the name is a type again. */
#include <stdio.h>

typedef int T;

static int for_scope(void)
{
    int sum = 0;
    for (int T = 0; T < 3; T++)
        sum += T;
    T after = sum; /* T is a type again */
    return after;
}

static int for_scope_braces(void)
{
    int sum = 0;
    for (double T = 0.5; T < 3; T += 1) {
        sum += (int)(T * 2);
    }
    T after = sum;
    return after;
}

int main(void)
{
    printf("%d %d\n", for_scope(), for_scope_braces());
    return 0;
}
