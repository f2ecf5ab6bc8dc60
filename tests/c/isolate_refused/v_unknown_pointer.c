// ferry-test: isolate --label kernel
// ferry-test: refuse memory ferry cannot name
/* The loop reads through a pointer a library function returned: ferry
 * does not know what it points to, so it cannot say what to transfer. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    const char *s = getenv("HOME");
    int n = 0;
kernel:
    for (int i = 0; s && s[i]; i++)
        n++;
    printf("%d\n", n > 0);
    return 0;
}
