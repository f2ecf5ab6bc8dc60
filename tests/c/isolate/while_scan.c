// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=80 from=44
// ferry-test: run 3 => to=24 from=16
// ferry-test: run 0 => to=0 from=4
// A while loop that stops at the first zero (a[6] in the data) or at n; i is local.
// n: read only, passed by value (0).  len: surely written, not read -> store 4.
// a: R {a[i] : 0 <= i <= n-1} (read only under i < n) -> hull [0,n-1], may -> load 4n.
// b: W [0,n-1] may (the loop may stop early) -> store 4n and load 4n (b[6..9] keep host values for n=10).
// to = 8n, from = 4 + 4n.  n=10: 80 / 44; n=3: 24 / 16; n=0: 0 / 4.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int a[16], b[16];
    int len = -1;
    for (int i = 0; i < 16; i++) {
        a[i] = i == 6 ? 0 : i + 1;
        b[i] = 500 + i;
    }
kernel: {
        int i = 0;
        while (i < n && a[i] != 0) {
            b[i] = a[i] * 2;
            i++;
        }
        len = i;
    }
    for (int i = 0; i < 16; i++)
        printf("%d ", b[i]);
    printf("\nlen=%d\n", len);
    return 0;
}
