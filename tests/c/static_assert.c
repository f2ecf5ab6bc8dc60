/* _Static_assert at file scope, block scope and inside structs, with and
 * without a message, and assert.h's static_assert. */
#include <assert.h>
#include <limits.h>
#include <stdio.h>

_Static_assert(sizeof(int) == 4, "int is 32 bits");
_Static_assert(CHAR_BIT == 8, "bytes" " are " "octets");
static_assert(sizeof(long) >= sizeof(int), "long is at least int");

struct header {
    unsigned short magic;
    unsigned short version;
    _Static_assert(sizeof(unsigned short) == 2, "short is 16 bits");
    unsigned int length;
};

_Static_assert(sizeof(struct header) == 8, "no padding");
_Static_assert(1);

int main(void)
{
    _Static_assert(__builtin_offsetof(struct header, length) == 4, "length at 4");
    int x = 3;
    static_assert(sizeof x == 4, "");
    for (int i = 0; i < 2; i++) {
        _Static_assert(2 + 2 == 4, "arithmetic");
        x += i;
    }
    printf("%d %zu\n", x, sizeof(struct header));
    return 0;
}
