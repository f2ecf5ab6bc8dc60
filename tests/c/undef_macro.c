// cflags: -I tests/c/include
/* #undef of a header's macro so that a function of the same name can be
 * defined (as zlib does with gzgetc), and a macro redefined after use. */
#include "ferry_helper.h"
#include <stdio.h>

static int via_macro(int x) { return helper_twice(x); }

#undef helper_twice
static int helper_twice(int x) { return x * 2 + 1; }

#define LOCAL 10
static int first = LOCAL;
#undef LOCAL
#define LOCAL 20
static int second = LOCAL;

int main(void)
{
    printf("%d %d %d %d\n", via_macro(5), helper_twice(5), first, second);
    return 0;
}
