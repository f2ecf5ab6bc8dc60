// ferry-test: isolate --pragma
// ferry-test: refuse pointer `p` walks `a`
// A pointer walk that starts before the isolated loop and goes on after
// it: inside, p would point into the device copy of a, so neither its
// value on entry nor its value after would mean anything on the host.
#include <stdio.h>

int main(void)
{
    int a[32];
    int *p = a;
    *p++ = 7;
#pragma ferry isolate
    for (int i = 0; i < 16; i++)
        *p++ = i;
    *p = 0;
    printf("%d %d\n", a[1], a[17]);
    return 0;
}
