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
    return -1;
}

int main(void)
{
    int a[5] = {3, 1, 4, 1, 5};
    printf("%d\n", find(5, a, 4));
    return 0;
}
