// ferry-test: isolate --label nosuchlabel
// ferry-test: refuse nosuchlabel
// The selection names a label the program does not have.
#include <stdio.h>

int main(void)
{
    int a[3] = {1, 2, 3};
kernel:
    for (int i = 0; i < 3; i++)
        a[i] *= 2;
    printf("%d %d %d\n", a[0], a[1], a[2]);
    return 0;
}
