/* While loops with their own counters: a search, a two-pointer merge. */
// args: 4 | 11
#include <stdio.h>
#include <stdlib.h>

int a[16], b[16], out[32];

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 11;
    if (n > 16)
        n = 16;
    for (int i = 0; i < n; i++) {
        a[i] = 3 * i;
        b[i] = 2 * i + 1;
    }
    int i = 0, j = 0, k = 0;
    while (i < n && j < n) {
        if (a[i] < b[j])
            out[k++] = a[i++];
        else
            out[k++] = b[j++];
    }
    while (i < n)
        out[k++] = a[i++];
    int first = 0;
    while (first < k && out[first] < 10)
        first++;
    int s = 0;
    for (int t = 0; t < k; t++)
        s = (s * 3 + out[t]) % 10007;
    printf("%d %d %d %d\n", n, k, first, s);
    return 0;
}
