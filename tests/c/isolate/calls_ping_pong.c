// ferry-test: isolate --function sweep
// ferry-test: run 10 3 => to=160 from=128
// ferry-test: run 10 1 => to=160 from=128
// ferry-test: run 10 0 => to=0 from=0
// ferry-test: run 200 3 => to=1616 from=3168 rects=2 hull=3
// ferry-test: run 200 1 => to=1616 from=3168 rects=2 hull=3
// ferry-test: plan hull --no-optimize-transfers
// ferry-test: run 10 3 => to=240 from=192
// Ping-pong between two grids: the time loop calls sweep from a to b in
// even steps, from b to a in odd ones. sweep's transfers move to its two
// call sites, each in a branch of the `if`; nothing else in the loop
// touches a or b, so both leave the loop, the guarded calls included.
// A call that may not run surely writes nothing, unless it surely runs in
// the first step (t = 0 is even: call 1 does, and call 2 does not): what
// the other call would find written there is loaded, and so is the store
// box of a call that may never run, which is stored after the loop
// whether that call ran or not.
// Call 1: a IN [0,n-1]; b W [1,n-2] exact. Call 2: the other way round.
// Loads at the top of the first step: a [0,n-1] (call 1's IN, call 2's
// store box) -> 8n; b: call 2's IN less what call 1 wrote in the first
// step, the rim b[0] and b[n-1], as its box [0,n-1] (8n) or as two
// rectangles of one element (16), whichever the host model (0.05 us per
// call, 10 GB/s) finds faster. n: read only, passed by value to every
// call: 0.
// After the loop: a and b [1,n-2] -> 2*8(n-2), both printed.
// 10 3: the box (0.05 + 0.008 us against 0.1): to = 160,
// from = 128. 10 1: 160, 128 (b never read by a call, still loaded: call
// 2 may run in a later step). 200 3: the rectangles (0.1 us against 0.05
// + 0.16): to = 1600 + 16 = 1616, from = 3168. No step: nothing
// moves.
// Without the optimisation each call moves its source [0,n-1] in (n by
// value), its destination [1,n-2] out: 3*80 = 240, 3*64 = 192.
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
