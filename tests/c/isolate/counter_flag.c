// ferry-test: isolate --label kernel
// ferry-test: run 12 => to=64 from=16
// ferry-test: run 2 => to=24 from=16
// ferry-test: run 0 => to=16 from=16
// Scalars modified in the statement: a counter, a flag set under a data-dependent if, a long sum.
// n: read only, passed by value, 0.  a: R [0,n-1] int -> 4n.
// count: read and written -> 4 + 4.  sum (long): read and written -> 8 + 8.
// found: only written, under a data-dependent if (may) -> loaded too: 4 + 4.
// to = 4 + 8 + 4 + 4n = 16 + 4n, from = 16.  n=12: 64 / 16; n=2: 24 / 16 (a[0], a[1] not
// multiples of 3: found keeps its loaded value); n=0: 16 / 16.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int a[16];
    int count = 0, found = -1;
    long sum = 1000000000000L;
    for (int i = 0; i < 16; i++)
        a[i] = i * 7 + 4;
kernel:
    for (int i = 0; i < n; i++) {
        if (a[i] % 3 == 0) {
            count++;
            found = 1;
        }
        sum += a[i];
    }
    printf("count=%d found=%d sum=%ld\n", count, found, sum);
    return 0;
}
