// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=40 from=80
// ferry-test: run 1 => to=4 from=8
// ferry-test: run 0 => to=0 from=0
// A compound statement: t is written, then read, inside the statement.
// n: read only, passed by value -> 0; the i's are local.  a: R [0,n-1] -> 4n.  b: W [0,n-1] exact -> store 4n.
// t: W [0,n-1] exact -> store 4n; R [0,n-1] too, but only after the statement wrote it: its
//    IN region is empty, and Load follows IN, so t is not loaded.
// to = 4n, from = 8n.  n=10: 40 / 80; n=1: 4 / 8; n=0: 0 / 0.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int a[16], b[16], t[16];
    for (int i = 0; i < 16; i++) {
        a[i] = i * i - 10;
        b[i] = t[i] = 77;
    }
kernel: {
        for (int i = 0; i < n; i++)
            t[i] = a[i] * 2;
        for (int i = 0; i < n; i++)
            b[i] = t[i] + t[n - 1 - i];
    }
    for (int i = 0; i < 16; i++)
        printf("%d %d\n", b[i], t[i]);
    return 0;
}
