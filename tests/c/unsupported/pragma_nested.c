/* Pragmas before statements that are themselves the body of if, else, a
 * loop or a label, and several pragmas in a row. */
#include <stdio.h>

int main(void)
{
    int s = 0, n = 10;
    if (n > 5)
#pragma GCC unroll 2
        for (int i = 0; i < n; i++)
            s += i;
    else
#pragma GCC ivdep
        for (int i = 0; i < n; i++)
            s -= i;
    for (int j = 0; j < 3; j++)
#pragma GCC unroll 4
#pragma GCC ivdep
        for (int i = 0; i < 4; i++)
            s += i * j;
top:
#pragma GCC unroll 2
    for (int i = 0; i < 2; i++)
        s++;
    if (s < 70)
        goto top;
    printf("%d\n", s);
    return 0;
}
