// cflags: -DFOO=3 -DBAR -I tests/c/include -DHELPER_WANT_EXTRA
/* Macros from the command line select code and values; a header seen
 * through -I is configured by a -D flag. */
#include <stdio.h>
#include <ferry_helper.h>

#ifndef FOO
#error "FOO must come from the command line"
#endif

#ifdef BAR
static const char *mode = "bar";
#else
static const char *mode = "nobar";
#endif

int main(void)
{
    int arr[FOO * 2];
    for (int i = 0; i < FOO * 2; i++)
        arr[i] = i * FOO;
    printf("%s %d %d %u\n", mode, arr[FOO * 2 - 1], helper_extra(), checksum(arr, sizeof arr));
    return 0;
}
