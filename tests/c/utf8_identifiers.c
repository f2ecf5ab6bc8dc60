/* Identifiers with non-ASCII letters, written in UTF-8 and as universal
 * character names (C99; GCC accepts both, and `cc -E` turns UTF-8 into
 * UCNs). */
#include <stdio.h>

static int café = 2;
static int \u00e9t\u00e9 = 3;

static int größe(int länge) { return länge * 2; }

int main(void)
{
    printf("%d %d %d\n", café, été, größe(5));
    return 0;
}
