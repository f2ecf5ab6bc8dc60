// ferry-test: isolate --pragma
// ferry-test: run 10 => to=40 from=40
// ferry-test: run 1 => to=4 from=4
// ferry-test: run 0 => to=0 from=0
// A heap block copied into a second pointer before the loop, `float *q
// = buf;`, the loop updating the block through the copy. q is assigned
// once, from buf, which holds one fresh block: q walks buf with index 0,
// and the loop's region is buf[PHI1]. On the device q points into buf's
// buffer.
// buf read and written [0, n-1], summed by main -> 4n each way.
// 10 -> 40 / 40; 1 -> 4 / 4; 0 -> nothing.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 0 || n > 1000)
        return 2;
    float *buf = malloc((n + 1) * sizeof *buf);
    for (int i = 0; i < n; i++)
        buf[i] = (float)(i % 9);
    float *q = buf;
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        q[i] = q[i] * 0.5f + 1.0f;
    double s = 0;
    for (int i = 0; i < n; i++)
        s += buf[i] * (i % 4 + 1);
    printf("%.2f\n", s);
    free(buf);
    return 0;
}
