// ferry-test: isolate --function smooth
// ferry-test: run 8 => to=32 from=32
// ferry-test: run 1 => to=4 from=4
// The OUT region of a function asks its callers: smooth writes both out and scratch, but main
// reads only out after the call, so scratch's writes are not stored back (nothing reads them),
// and since smooth writes scratch before reading it, scratch is not loaded either.
// n: read only, passed by value (0). in: IN [0,n-1] -> 4n. scratch: W [0,n-1], IN empty, OUT empty.
// out: W [0,n-1] exact, OUT [0,n-1] -> store 4n.
// n=8: to 32, from 32. n=1: to 4, from 4.
#include <stdio.h>
#include <stdlib.h>

static void smooth(int n, const int in[n], int scratch[n], int out[n])
{
    for (int i = 0; i < n; i++)
        scratch[i] = 2 * in[i];
    for (int i = 0; i < n; i++)
        out[i] = scratch[i] + scratch[n - 1 - i];
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int in[16], scratch[16], out[16];
    n = n < 1 ? 1 : n > 16 ? 16 : n;
    for (int i = 0; i < 16; i++) {
        in[i] = i * i - 5;
        scratch[i] = out[i] = -3;
    }
    smooth(n, in, scratch, out);
    for (int i = 0; i < n; i++)
        printf("%d\n", out[i]);
    return 0;
}
