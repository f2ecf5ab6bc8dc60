#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    float a[64], t[64], b[64];
    for (int i = 0; i < 64; i++) {
        a[i] = i * 0.5f;
        t[i] = b[i] = 0;
    }
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        t[i] = a[i] * a[i];
    printf("%g\n", t[0]);
#pragma ferry isolate
    for (int i = 1; i < n; i++)
        b[i] = t[i] - t[i - 1] + a[i];
    for (int i = 0; i < 64; i++)
        printf("%g %g\n", t[i], b[i]);
    return 0;
}
