// cflags: -I tests/c/include
/* #define lines before the includes that sit in conditional blocks: only
 * the ones the preprocessor took may reach the headers. */
#define CONFIG_FAST 1

#if CONFIG_FAST
#define HELPER_MODE 1
#else
#define HELPER_MODE 2
#endif

#ifdef NOT_DEFINED_ANYWHERE
#define _GNU_SOURCE
#define HELPER_WANT_EXTRA
#endif

#include "ferry_helper.h"
#include <stdio.h>
#include <string.h>

int main(void)
{
    printf("%d %d %zu\n", helper_mode(), HELPER_MODE, strlen("conditional"));
    return 0;
}
