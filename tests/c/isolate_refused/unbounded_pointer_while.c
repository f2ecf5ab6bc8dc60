// ferry-test: isolate --label scan
// ferry-test: refuse sentinel_buf
// p[i] through a pointer parameter of unknown extent, under a while loop that stops on data:
// no bound on the region of sentinel_buf, so no box can be transferred.
#include <stdio.h>

int length(const int *sentinel_buf)
{
    int i = 0;
scan:
    while (sentinel_buf[i] != 0)
        i++;
    return i;
}

int main(void)
{
    int data[8] = {4, 3, 2, 1, 9, 0, 7, 7};
    printf("%d\n", length(data));
    return 0;
}
