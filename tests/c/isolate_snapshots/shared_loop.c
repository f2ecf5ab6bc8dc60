#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int steps = atoi(argv[2]);
    float a[64], b[64];
    for (int i = 0; i < 64; i++) {
        a[i] = i * 0.5f;
        b[i] = -1;
    }
    for (int t = 0; t < steps; t++) {
#pragma ferry isolate
        for (int i = 1; i < n - 1; i++)
            b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
#pragma ferry isolate
        for (int i = 1; i < n - 1; i++)
            a[i] = b[i];
    }
    for (int i = 0; i < 64; i++)
        printf("%g\n", a[i]);
    return 0;
}
