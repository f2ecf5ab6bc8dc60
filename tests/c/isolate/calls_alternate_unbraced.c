// ferry-test: isolate --function sweep
// ferry-test: run 10 1 => to=224 from=128 hull=5
// ferry-test: run 10 2 => to=224 from=128 hull=5
// ferry-test: run 200 1 => to=3200 from=3168 rects=2 hull=4
// ferry-test: run 200 3 => to=3200 from=3168 rects=2 hull=4
// ferry-test: run 10 0 => to=0 from=0
// The loop's whole body is an `if` (no braces): even steps sweep a into
// b, odd ones b into c. The even call surely runs in the first step (t = 0)
// and the odd one surely does not, so b's inside counts as written by the
// first step, and c's store box (its inside), stored after the loop
// whether the odd call ran or not, is loaded: with one step the odd call
// never runs, and c's inside goes back to the host as it was loaded.
// Taking the odd call for one that runs first would leave it poison.
// Loads: a [0,n-1] (8n), b's rim b[0], b[n-1] (the box 8n where the host
// model prefers one copy, n = 10; two rectangles of one element, n = 200),
// c [1,n-2] (8(n-2)); n is read only, passed by value to each call: 0.
// Stores after the loop: b and c [1,n-2]. 10 1: to = 80 + 80 + 64 = 224,
// from = 128. 200 1: to = 1600 + 16 + 1584 = 3200, from = 3168.
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
    double *c = malloc(sizeof(double[n]));
    if (!a || !b || !c || n < 3)
        return 1;
    for (int i = 0; i < n; i++) {
        a[i] = (i % 4) * 1.5;
        b[i] = i == 0 || i == n - 1 ? 1.0 : -7.0;
        c[i] = i * 0.5;
    }
    for (int t = 0; t < steps; t++)
        if (t % 2 == 0)
            sweep(n, a, b);
        else
            sweep(n, b, c);
    for (int i = 0; i < n; i++)
        printf("%g %g %g\n", a[i], b[i], c[i]);
    free(a);
    free(b);
    free(c);
    return 0;
}
