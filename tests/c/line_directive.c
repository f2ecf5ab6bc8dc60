/* #line directives in the main file, as generators (yacc, bison, re2c)
 * write them: a new line number alone, and a new line number with another
 * file name, after which the code still belongs to this file. */
#include <stdio.h>

#line 100
static int at_line_100(void) { return __LINE__; }

#line 7 "grammar.y"
static int from_grammar(int x) { return x * 3 + __LINE__; }

#line 20 "line_directive.c"
int main(void)
{
    printf("%d %d\n", at_line_100(), from_grammar(2));
    return 0;
}
