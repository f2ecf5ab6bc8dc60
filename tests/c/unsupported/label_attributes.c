/* Label attributes followed by a statement (GCC: `lab: __attribute__((cold))
 * stmt`), as in the manual's asm goto example. (A label attribute followed
 * by `;` alone is in attributes.c.) */
#include <stdio.h>

static int check(int x)
{
    asm goto("" :::: error);
    return x;
error: __attribute__((cold))
    return -1;
}

int main(void)
{
    int n = 0;
again: __attribute__((unused, hot)) n++;
    if (n < 4)
        goto again;
    printf("%d %d\n", n, check(5));
    return 0;
}
