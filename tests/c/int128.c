/* __int128 and unsigned __int128: arithmetic, shifts, printing by halves. */
#include <stdint.h>
#include <stdio.h>

static void print_u128(unsigned __int128 v)
{
    char buf[64];
    int i = 63;
    buf[i] = '\0';
    if (v == 0)
        buf[--i] = '0';
    while (v) {
        buf[--i] = (char)('0' + (int)(v % 10));
        v /= 10;
    }
    printf("%s\n", &buf[i]);
}

int main(void)
{
    unsigned __int128 a = (unsigned __int128)UINT64_MAX * UINT64_MAX;
    __int128 b = -((__int128)1 << 100);
    signed __int128 c = b / 3;
    unsigned __int128 f = 1;
    for (int i = 1; i <= 30; i++)
        f *= (unsigned __int128)i;
    print_u128(a);
    print_u128(f);
    printf("%llx %llx\n", (unsigned long long)(a >> 64), (unsigned long long)a);
    printf("%lld %d %zu\n", (long long)(c >> 64), b < 0, sizeof(__int128));
    return 0;
}
