// ferry-test: isolate --label kernel
// ferry-test: run 10 4 => to=40 from=16
// ferry-test: run 6 9 => to=24 from=24
// ferry-test: run 0 3 => to=0 from=0
// Stores follow OUT, not WRITE: t is a temporary the rest of the run never reads, and only the
// first m elements of b are printed. So t is neither loaded (written before it is read) nor
// stored, and b is stored on [0, min(n, m) - 1] only; the host's other elements of b keep their
// old values, which nothing reads.
// n: read only, passed by value (0); m is not used by the statement; i local. a: IN [0,n-1] -> 4n.
// b: W [0,n-1] exact, OUT [0,min(n,m)-1] -> store 4 min(n,m). t: W [0,n-1], OUT empty.
// n=10 m=4: to 40, from 16. n=6 m=9: to 24, from 24. n=0: to 0, from 0.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), m = atoi(argv[2]);
    int a[16], b[16], t[16];
    n = n < 0 ? 0 : n > 16 ? 16 : n;
    m = m < 0 ? 0 : m > 16 ? 16 : m;
    for (int i = 0; i < 16; i++) {
        a[i] = 3 * i - 7;
        b[i] = t[i] = -1;
    }
kernel: {
        for (int i = 0; i < n; i++)
            t[i] = a[i] * 2;
        for (int i = 0; i < n; i++)
            b[i] = t[i] + 1;
    }
    for (int i = 0; i < m; i++)
        printf("%d\n", b[i]);
    return 0;
}
