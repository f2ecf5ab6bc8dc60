/* Loops bounded by globals whose bodies call functions. The first loop's
   callee reads the global `scale` and assigns nothing: the loop is
   counted, and its regions are those of its index range [0, n-1]. The
   second loop's callee makes the bound `m` larger on the third
   iteration, so the loop runs past the bound it started with: it must
   not be counted with the bound read at its start (its regions would
   then stop at m - 1 and miss the last elements written). */
// args: 4 | 9 | 1
#include <stdio.h>
#include <stdlib.h>

int n, m, scale = 3;
int x[16], y[16];

static int weight(int v)
{
    return scale * v + 1;
}

static void stretch(int j)
{
    if (j == 2)
        m = m + 3;
}

int main(int argc, char **argv)
{
    n = argc > 1 ? atoi(argv[1]) : 4;
    if (n < 0 || n > 10)
        return 2;
    m = n;
    for (int i = 0; i < 16; i++)
        x[i] = i % 5;
    for (int i = 0; i < n; i++)
        x[i] = weight(x[i]);
    for (int j = 0; j < m; j++) {
        y[j] = x[j] * 2;
        stretch(j);
    }
    int s = 0;
    for (int k = 0; k < m; k++)
        s += y[k];
    printf("%d %d\n", s, m);
    return 0;
}
