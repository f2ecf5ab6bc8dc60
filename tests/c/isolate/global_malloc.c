// ferry-test: isolate --pragma
// ferry-test: run 100 => to=800 from=800
// ferry-test: run 7 => to=56 from=56
// A global pointer holding a heap block, allocated in main and passed to
// the isolated call (PIPS isolates this; the block is named by `buf`, as a
// local's would be, because no function copies buf's value anywhere nor
// assigns it anything but a fresh block). work reads and writes
// a[0..m-1]: buf[0..n-1] in and back, 8n bytes each way.
#include <stdio.h>
#include <stdlib.h>

double *buf;
int n;

void work(double *a, int m)
{
    for (int i = 0; i < m; i++)
        a[i] = a[i] * 2 + 1;
}

int main(int argc, char **argv)
{
    n = argc > 1 ? atoi(argv[1]) : 100;
    buf = malloc(n * sizeof *buf);
    if (!buf)
        return 1;
    for (int i = 0; i < n; i++)
        buf[i] = i;
#pragma ferry isolate
    work(buf, n);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += buf[i] * (i % 5);
    printf("%.1f\n", s);
    free(buf);
    return 0;
}
