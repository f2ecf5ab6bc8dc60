// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=160 from=80
// ferry-test: run 4 => to=64 from=32
// ferry-test: run 0 => to=0 from=0
// A loop with break that writes: b[i] for i < first negative a[i] (index 5 in the data).
// n: read only, passed by value (0); i local.
// a: R [0,n-1] double -> 8n.  b: W over-approximated [0,n-1], may (break) -> Store 8n,
//    and Load includes Store - {} -> also loaded, 8n (b[5..9] keep their host values when n=10).
// to = 16n, from = 8n.  n=10: 160 / 80; n=4: 64 / 32; n=0: 0 / 0.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double a[16], b[16];
    for (int i = 0; i < 16; i++) {
        a[i] = i == 5 ? -1.0 : i + 0.5;
        b[i] = 1000.0 + i;
    }
kernel:
    for (int i = 0; i < n; i++) {
        if (a[i] < 0.0)
            break;
        b[i] = a[i] * 0.5;
    }
    for (int i = 0; i < 16; i++)
        printf("%.17g\n", b[i]);
    return 0;
}
