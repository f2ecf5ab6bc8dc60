// ferry-test: isolate --label kernel
// ferry-test: refuse return
// A return inside the isolated statement would skip the transfers back.
#include <stdio.h>

int first_negative(int n, const int *a, int *out)
{
kernel:
    for (int i = 0; i < n; i++) {
        if (a[i] < 0)
            return i;
        out[i] = a[i];
    }
    return -1;
}

int main(void)
{
    int a[5] = {3, 1, -4, 1, 5}, out[5] = {0};
    printf("%d\n", first_negative(5, a, out));
    for (int i = 0; i < 5; i++)
        printf("%d\n", out[i]);
    return 0;
}
