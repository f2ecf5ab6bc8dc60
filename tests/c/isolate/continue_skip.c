// ferry-test: isolate --label kernel
// ferry-test: run 12 => to=100 from=52
// ferry-test: run 1 => to=12 from=8
// ferry-test: run 0 => to=4 from=4
// A loop with continue: b[i] = 100 / a[i] except where a[i] == 0; cnt counts the writes.
// n: read only, passed by value (0); cnt: read and written 4 + 4; i local.
// a: R [0,n-1] int -> 4n.  b: W [0,n-1] may (skipped where a[i]==0) -> store 4n and load 4n.
// to = 4 + 8n, from = 4 + 4n.  n=12: 100 / 52; n=1: 12 / 8 (a[0] is 0: b[0] not written); n=0: 4 / 4.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int a[16], b[16];
    int cnt = 0;
    for (int i = 0; i < 16; i++) {
        a[i] = (i % 4) * (i - 6);
        b[i] = -5 * i - 1;
    }
kernel:
    for (int i = 0; i < n; i++) {
        if (a[i] == 0)
            continue;
        b[i] = 100 / a[i];
        cnt++;
    }
    for (int i = 0; i < 16; i++)
        printf("%d ", b[i]);
    printf("\ncnt=%d\n", cnt);
    return 0;
}
