// ferry-test: isolate --label kernel
// ferry-test: run 16 5 => to=72 from=8
// ferry-test: run 16 100 => to=72 from=8
// ferry-test: run 0 5 => to=8 from=8
// Linear search with break: i (outside) is read and written (4 + 4); n, key read only, passed by value (0);
// pos is written only when found (may) -> loaded and stored (4 + 4).
// a: R over-approximated by the loop bounds [0,n-1] (the read is under 0<=i<n) -> load 4n.
// to = 8 + 4n, from = 8.  16 5: 72 / 8 (found at 5); 16 100: 72 / 8 (not found); 0 5: 8 / 8.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), key = atoi(argv[2]);
    int a[16];
    int i, pos = -1;
    for (i = 0; i < 16; i++)
        a[i] = (i * 5) % 16;
kernel:
    for (i = 0; i < n; i++)
        if (a[i] == key) {
            pos = i;
            break;
        }
    printf("i=%d pos=%d\n", i, pos);
    return 0;
}
