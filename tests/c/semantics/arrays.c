/* Arrays of ints indexed by loop counters; values read back from arrays. */
#include <stdio.h>

int main(void) {
    int a[32];
    int b[32];
    for (int i = 0; i < 32; i++)
        a[i] = 2 * i + 1;
    for (int i = 0; i < 32; i++)
        b[31 - i] = a[i] - i;
    int idx = a[3];
    int s = 0;
    for (int i = 0; i < 32; i += 4)
        s += b[i];
    int j = b[idx];
    int k = 0;
    while (a[k] < 40)
        k++;
    printf("%d %d %d %d\n", idx, s, j, k);
    return 0;
}
