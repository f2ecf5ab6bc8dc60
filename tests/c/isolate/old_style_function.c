// ferry-test: isolate --function smooth
// ferry-test: cflags -std=gnu89
// ferry-test: run 10 => to=80 from=64
// ferry-test: run 3 => to=24 from=8
// ferry-test: run 2 => to=0 from=0
// An old-style (K&R) definition with implicit `int` and `register`
// locals, isolated with --function: its parameters' types come from the
// declarations after the identifier list. `register` is dropped from the
// function ferry rewrites (the generated code takes addresses).
// n (int) and w (float, passed as a double and converted on entry): read
// only, passed by value, 0. i: declared in the body, device-local.
// in: R = {i-1, i, i+1 : 1<=i<=n-2} = [0, n-1] exact when n >= 3 -> 8n in.
// out: W [1, n-2] exact, all printed after the call -> 8(n-2) out, and
// nothing loaded (Store - W is empty).
// n=10: to 80, from 64; n=3: to 24, from 8; n=2: the loop runs zero
// times, nothing moves.
#include <stdio.h>
#include <stdlib.h>

smooth(out, in, n, w)
    double *out, *in;
    float w;
{
    register i;
    for (i = 1; i < n - 1; i++)
        out[i] = w * (in[i - 1] + in[i + 1]) + in[i];
    return n - 2;
}

main(argc, argv)
    char **argv;
{
    int n = atoi(argv[1]);
    double a[32], b[32];
    register i;
    for (i = 0; i < 32; i++) {
        a[i] = i * 0.25;
        b[i] = -1;
    }
    printf("%d\n", smooth(b, a, n, 0.5));
    for (i = 0; i < 32; i++)
        printf("%g ", b[i]);
    printf("\n");
    return 0;
}
