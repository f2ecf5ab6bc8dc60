// ferry-test: isolate --pragma
// ferry-test: run 10 => to=80 from=80
// ferry-test: run 1 => to=8 from=8
// ferry-test: run 0 => to=0 from=0
// A pointer set before the loop to a fixed place inside a block, `double
// *body = buf + 2;` (past a two-element header), the loop working through
// it. body walks buf with the constant index 2, so the loop's region is
// buf[PHI1], 2 <= PHI1 <= n + 1; on the device, body points at element 2
// of buf's buffer (which starts at element 2): the copy's address is set
// from the host pointer's distance to buf before the statement.
// buf read and written [2, n+1], summed by main -> 8n each way; the
// header is neither loaded nor stored.
// 10 -> 80 / 80; 1 -> 8 / 8; 0 -> nothing.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 0 || n > 1000)
        return 2;
    double *buf = malloc((n + 2) * sizeof *buf);
    buf[0] = n;
    buf[1] = -1.0;
    for (int i = 0; i < n; i++)
        buf[i + 2] = (i % 6) * 0.75;
    double *body = buf + 2;
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        body[i] = body[i] * body[i] - 1.0;
    double s = buf[0] + buf[1];
    for (int i = 0; i < n; i++)
        s += buf[i + 2] * (i % 4 + 1);
    printf("%.2f\n", s);
    free(buf);
    return 0;
}
