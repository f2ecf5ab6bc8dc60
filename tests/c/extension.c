/* __extension__ before declarations, typedefs, struct members, expressions
 * and statement expressions. */
#include <stdio.h>

__extension__ typedef long long wide_t;
__extension__ static const unsigned long long big = 0x123456789abcdefULL;

struct holder {
    int tag;
    __extension__ union {
        int i;
        float f;
    };
};

int main(void)
{
    __extension__ wide_t w = 1LL << 50;
    struct holder h = {.tag = 1, .i = 5};
    int x = __extension__ 0b1010;
    int y = __extension__({ int t = x * 2; t + 1; });
    __extension__ int z = h.i + x;
    printf("%lld %llx %d %d %d %d\n", w, big, h.i, x, y, z);
    return 0;
}
