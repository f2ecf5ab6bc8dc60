/* Prints its process id: two executions never agree, so ferry validate
 * must say "different" (and exit 1) whatever the isolation does. */
#include <stdio.h>
#include <unistd.h>

int main(void)
{
    int a[4] = {1, 2, 3, 4}, s = 0;
kernel:
    for (int i = 0; i < 4; i++)
        s += a[i];
    printf("%d %ld\n", s, (long)getpid());
    return 0;
}
