// ferry-test: isolate --pragma
// ferry-test: run 10 => to=0 from=40
// ferry-test: run 1 => to=0 from=4
// A pointer declared before the isolated block and set inside it, `q =
// buf;`, then used after the block to read what the block wrote. q is
// assigned once, so its uses everywhere are subscripts of buf (no region
// names a read of q itself); inside the block q points into buf's
// buffer, and after it the host's q is set back to the element its copy
// points at, buf + 0 (before, q kept no value and the reads after the
// block crashed).
// buf written [0, n-1], read afterwards -> 4n back; nothing in.
// 10 -> 0 / 40; 1 -> 0 / 4.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 1 || n > 1000)
        return 2;
    float *buf = malloc((n + 1) * sizeof *buf);
    float *q;
#pragma ferry isolate
    {
        q = buf;
        for (int i = 0; i < n; i++)
            q[i] = i * 0.5f;
    }
    double s = 0;
    for (int i = 0; i < n; i++)
        s += q[i] * (i % 4 + 1);
    printf("%.2f\n", s);
    free(buf);
    return 0;
}
