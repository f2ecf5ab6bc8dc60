// ferry-test: isolate --label kernel
// ferry-test: refuse total
// The address of a transferred variable (total) escapes into a pointer variable used after the
// statement: inside, &total would be the accelerator copy's address.
#include <stdio.h>

int main(void)
{
    int x[4] = {1, 2, 3, 4};
    int total = 0;
    int *escaped = 0;
kernel: {
        for (int i = 0; i < 4; i++)
            total += x[i];
        escaped = &total;
    }
    *escaped += 100;
    printf("%d\n", total);
    return 0;
}
