// ferry-test: isolate --label kernel
// ferry-test: refuse static local
/* A static local declared inside the isolated statement keeps its value
 * from one execution to the next: it cannot live in accelerator memory
 * that is allocated and freed around each execution. */
#include <stdio.h>

int main(void)
{
    int total = 0;
    for (int k = 0; k < 3; k++) {
    kernel: {
        static int calls;
        calls++;
        total += calls;
    }
    }
    printf("%d\n", total);
    return 0;
}
