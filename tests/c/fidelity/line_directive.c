/* Generated code renumbers its lines (`#line`, as Bison writes): the
 * source map's lines are not the file's, so ferry prints the whole file
 * from the tree, which stays correct. */
#include <stdio.h>
#line 1 "grammar.y"
static int table[64];
#line 9 "line_directive.c"
int main(void)
{
#pragma ferry isolate
    for (int i = 0; i < 64; i++)
        table[i] = i * i;
    long s = 0;
    for (int i = 0; i < 64; i++)
        s += table[i];
    printf("%ld\n", s);
    return 0;
}
