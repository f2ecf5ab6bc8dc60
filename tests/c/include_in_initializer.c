// cflags: -I tests/c/include
/* #include lines in the middle of the code: a table included into an
 * initialiser, declarations between includes, and an include after the
 * first function. */
#include <stdio.h>
typedef int cell_t;
static cell_t bias = 4;
#define TABLE_ROWS 2
#include <stdlib.h>
static const cell_t table[TABLE_ROWS][3] = {
#include "table.inc"
};

static int total(void)
{
    int s = bias;
    for (int i = 0; i < TABLE_ROWS; i++)
        for (int j = 0; j < 3; j++)
            s += table[i][j] * (i + 1);
    return s;
}

#include <string.h>

int main(void)
{
    char buf[8];
    strcpy(buf, "sum");
    printf("%s %d\n", buf, total());
    return EXIT_SUCCESS;
}
