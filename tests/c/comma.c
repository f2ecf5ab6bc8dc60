/* Comma expressions in for headers, conditions, returns, initialisers and
 * arguments (parenthesised), and their value and sequencing. */
#include <stdio.h>

static int calls;
static int tick(int v) { calls++; return v; }

static int last(int a, int b) { return (a++, b += a, a + b); }

int main(void)
{
    int i, j, s = 0;
    for (i = 0, j = 10; i < j; i++, j--)
        s += i * j;
    int x = (tick(1), tick(2), tick(3));
    int y = 0;
    while (y++, y < 5)
        ;
    int arr[3] = {(tick(0), 2), 3, (tick(4), 5)};
    int z = last(1, 2);
    int w;
    if ((w = 7, w > 5))
        z += w;
    printf("%d %d %d %d %d %d %d %d\n", s, x, y, arr[0], arr[2], z, calls, (tick(9), tick(8)));
    int k = 0;
    k = 1, k += 2;
    printf("%d\n", k);
    return 0;
}
