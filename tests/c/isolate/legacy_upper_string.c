// ferry-test: isolate --pragma
// ferry-test: run Hello,World => to=11 from=11
// ferry-test: run x => to=1 from=1
// ferry-test: run 0123456789abcdefghijklmnopqrst => to=30 from=30
// A C string processed up to its length, found by the sentinel loop before
// the statement (`while (s[n]) n++;`): the statement itself is a counted
// loop over [0, n-1] of two char arrays on the stack.
// s read [0, n-1] -> n in; up written [0, n-1] -> n back (up[n] is written
// after). n is the argument's length: 11, 1, 30.
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    char s[128], up[128];
    strncpy(s, argc > 1 ? argv[1] : "Hello, legacy world", sizeof s - 1);
    s[sizeof s - 1] = 0;
    int n = 0;
    while (s[n])
        n++;
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        up[i] = s[i] >= 'a' && s[i] <= 'z' ? s[i] - 32 : s[i];
    up[n] = 0;
    printf("%s\n", up);
    return 0;
}
