// ferry-test: isolate --label step
// ferry-test: run 10 3 => to=144 from=64
// ferry-test: run 10 0 => to=0 from=0
// ferry-test: plan hull --no-optimize-transfers
// ferry-test: run 10 3 => to=432 from=384
// A time step that goes through a temporary: tmp is written and read in
// every step, and nobody reads it after the loop. The step reads tmp's
// rim, which it never writes, so its convex regions are hulls: IN
// [0,n-1] may (exactly {0, n-1}), and OUT [1,n-2] may in every step, the
// last included. The loop shares the step's transfers between
// iterations (Listing 1.8); between two iterations only loop control
// runs on the host, so what an iteration stores is read there only after
// the loop: the stores are cut to what is live after it, and tmp is
// never stored.
// The step: n (read only, passed by value: 0); a: IN [1,n-2], W [1,n-2] exact; tmp: W
// [1,n-2] exact, IN [0,n-1] may.
// First step: a [1,n-2] -> 8(n-2); tmp [0,n-1] -> 8n. Later steps load
// nothing. Last step: a [1,n-2] stored -> 8(n-2).
// 10 3: to = 64 + 80 = 144, from = 64. No step: nothing moves.
// Without the optimisation each step moves a [1,n-2] and tmp [0,n-1]
// in, a and tmp [1,n-2] out: 3*144 = 432, 3*128 = 384.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), steps = atoi(argv[2]);
    double a[16], tmp[16];
    for (int i = 0; i < 16; i++) {
        a[i] = (i % 5) * 1.5 - 2.0;
        tmp[i] = i * 0.125;
    }
    for (int t = 0; t < steps; t++)
    step: {
        for (int i = 1; i < n - 1; i++)
            tmp[i] = 0.5 * a[i];
        for (int i = 1; i < n - 1; i++)
            a[i] = tmp[i - 1] + tmp[i + 1];
    }
    for (int i = 0; i < 16; i++)
        printf("%g\n", a[i]);
    return 0;
}
