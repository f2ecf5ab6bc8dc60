// ferry-test: isolate --label L
// ferry-test: refuse static local
/* A static local declared inside the statement keeps its value between
 * executions: it cannot live on the accelerator. (The statement's regions
 * leave out what it declares, so this is looked for directly.) */
#include <stdio.h>

int f(int n, int *a)
{
L:
    for (int i = 0; i < n; i++) {
        static int c;
        c++;
        a[i] = c;
    }
    return 0;
}

int main(void)
{
    int a[4];
    f(4, a);
    printf("%d\n", a[3]);
    return 0;
}
