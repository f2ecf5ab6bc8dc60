// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=48 from=8
// ferry-test: run 0 => to=8 from=8
// `register` locals around an isolated sum: the generated code copies s
// and i back through their addresses (and, offloaded, hands the
// reduction's result to the launcher by address), which C forbids for a
// `register` variable, so ferry drops the keyword in the function it
// rewrites.
// n: read only, passed by value, 0. s: read and written -> 4 in, 4 out.
// i: read (the loop's test) and written -> 4 in, 4 out.
// a: R [0, n-1] exact, not written -> 4n in.
// n=10: to 4 + 4 + 40 = 48, from 8; n=0: to 8, from 8.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    register int n = atoi(argv[1]);
    register int s = 0;
    register int i;
    int a[32];
    for (i = 0; i < 32; i++)
        a[i] = i * 3 - 7;
kernel:
    for (i = 0; i < n; i++)
        s += a[i];
    printf("%d %d\n", s, i);
    return 0;
}
