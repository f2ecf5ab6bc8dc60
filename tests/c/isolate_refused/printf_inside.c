// ferry-test: isolate --label kernel
// ferry-test: refuse printf
// I/O inside the isolated statement: printf cannot run on the accelerator.
#include <stdio.h>

int main(void)
{
    int a[5] = {1, 2, 3, 4, 5};
kernel:
    for (int i = 0; i < 5; i++) {
        a[i] *= 3;
        printf("%d\n", a[i]);
    }
    return a[4] == 15 ? 0 : 1;
}
