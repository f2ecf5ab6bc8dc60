/* A typedef name used as a label and as a goto target: labels have their
 * own name space, so GCC accepts it. */
#include <stdio.h>

typedef int count;

int main(void)
{
    count r = 1;
    goto count;
    r = -1;
count:
    printf("%d\n", r);
    return 0;
}
