// ferry-test: isolate --label body
// ferry-test: run 4 => to=48 from=32
// ferry-test: run 1 => to=12 from=8
// A loop body that writes a scalar its regions depend on (s): where s stands in another
// iteration is unknown, so nothing is shared between iterations; each one isolates as alone, with
// buffers of its own: s in and out (4 bytes each way), i read only, passed by value (0), a[s]
// read then written (4 in, 4 out), b[i] in (4).
// n=4: to = 4*(4+4+4) = 48; from = 4*(4+4) = 32.   n=1: to = 12, from = 8.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int a[64], b[16];
    int s = 1;
    if (n < 1 || n > 15)
        return 2;
    for (int i = 0; i < 64; i++)
        a[i] = i;
    for (int i = 0; i < 16; i++)
        b[i] = i * 2 + 1;
    for (int i = 0; i < n; i++) {
    body: {
            a[s] += b[i];
            s = s + b[i];
        }
    }
    for (int i = 0; i < 64; i++)
        printf("%d\n", a[i]);
    printf("s=%d\n", s);
    return 0;
}
