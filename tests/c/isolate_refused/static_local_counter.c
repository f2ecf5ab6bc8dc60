// ferry-test: isolate --label kernel
// ferry-test: refuse calls
// A static local declared inside the statement: its value outlives the statement.
#include <stdio.h>

int main(void)
{
    int a[4] = {1, 2, 3, 4};
    for (int t = 0; t < 2; t++) {
    kernel:
        for (int i = 0; i < 4; i++) {
            static int calls = 0;
            calls++;
            a[i] += calls;
        }
    }
    for (int i = 0; i < 4; i++)
        printf("%d\n", a[i]);
    return 0;
}
