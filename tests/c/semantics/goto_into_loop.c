/* A goto that jumps into a loop body, and a backward goto across a
   declaration. */
#include <stdio.h>

int main(void) {
    int i = 5, s = 0;
    goto inside;
    while (i < 10) {
        s += 100;
    inside:
        s += i;
        i++;
    }
    int rounds = 0;
again:;
    int v = rounds * 2;
    rounds++;
    if (rounds < 4)
        goto again;
    printf("%d %d %d %d\n", i, s, rounds, v);
    return 0;
}
