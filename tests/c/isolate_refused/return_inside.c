<<<<<<< HEAD
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
=======
// ferry-test: isolate --label L
// ferry-test: refuse control may leave it
/* A `return` inside the labelled loop would skip the transfers back. */
#include <stdio.h>

int find(int n, const int *a, int key)
{
L:
    for (int i = 0; i < n; i++)
        if (a[i] == key)
            return i;
>>>>>>> main
    return -1;
}

int main(void)
{
<<<<<<< HEAD
    int a[5] = {3, 1, -4, 1, 5}, out[5] = {0};
    printf("%d\n", first_negative(5, a, out));
    for (int i = 0; i < 5; i++)
        printf("%d\n", out[i]);
=======
    int a[5] = {3, 1, 4, 1, 5};
    printf("%d\n", find(5, a, 4));
>>>>>>> main
    return 0;
}
