// ferry-test: isolate --function sweep
// ferry-test: run 10 3 => to=172 from=128
// ferry-test: run 10 1 => to=164 from=128
// ferry-test: run 10 0 => to=0 from=0
// ferry-test: plan hull --no-optimize-transfers
// ferry-test: run 10 3 => to=252 from=192
// Ping-pong between two grids: the time loop calls sweep from a to b in
// even steps, from b to a in odd ones. sweep's transfers move to its two
// call sites, each in a branch of the `if`; nothing else in the loop
// touches a or b, so both leave the loop, the guarded calls included.
// A call that may not run surely writes nothing: what the other call
// would find written there is loaded, and so is each call's store box,
// which is stored after the loop whether that call ran or not.
// Call 1: a IN [0,n-1]; b W [1,n-2] exact. Call 2: the other way round.
// Loads at the top of the first step: a [0,n-1] (call 1's IN, call 2's
// store box) -> 8n; b the same -> 8n. n (4) with every call.
// After the loop: a and b [1,n-2] -> 2*8(n-2), both printed.
// 10 3: to = 160 + 12 = 172, from = 128. 10 1: 164, 128 (b never read
// by a call, still loaded: call 2's store box). No step: nothing moves.
// Without the optimisation each call moves its source [0,n-1] and n in,
// its destination [1,n-2] out: 3*84 = 252, 3*64 = 192.
#include <stdio.h>
#include <stdlib.h>

static void sweep(int n, double src[n], double dst[n])
{
    for (int i = 1; i < n - 1; i++)
        dst[i] = (src[i - 1] + src[i] + src[i + 1]) / 3.0;
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), steps = atoi(argv[2]);
    double *a = malloc(sizeof(double[n]));
    double *b = malloc(sizeof(double[n]));
    if (!a || !b)
        return 1;
    for (int i = 0; i < n; i++) {
        a[i] = (i % 4) * 1.5;
        b[i] = i == 0 || i == n - 1 ? 1.0 : -7.0;
    }
    for (int t = 0; t < steps; t++) {
        if (t % 2 == 0)
            sweep(n, a, b);
        else
            sweep(n, b, a);
    }
    for (int i = 0; i < n; i++)
        printf("%g %g\n", a[i], b[i]);
    free(a);
    free(b);
    return 0;
}
