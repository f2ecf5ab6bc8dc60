// ferry-test: isolate --label step
// ferry-test: run 10 3 => to=144 from=128
// As loop_step_dead_temporary.c, but tmp is printed after the loop: it
// is live there, so the last step stores it as well as a.
// First step: a [1,n-2] -> 8(n-2); tmp [0,n-1] -> 8n; n read only,
// passed by value (0).
// Last step: a and tmp [1,n-2] stored -> 2*8(n-2).
// 10 3: to = 64 + 80 = 144, from = 128.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), steps = atoi(argv[2]);
    double a[16], tmp[16];
    for (int i = 0; i < 16; i++) {
        a[i] = (i % 5) * 1.5 - 2.0;
        tmp[i] = i * 0.125;
    }
    for (int t = 0; t < steps; t++)
    step: {
        for (int i = 1; i < n - 1; i++)
            tmp[i] = 0.5 * a[i];
        for (int i = 1; i < n - 1; i++)
            a[i] = tmp[i - 1] + tmp[i + 1];
    }
    for (int i = 0; i < 16; i++)
        printf("%g %g\n", a[i], tmp[i]);
    return 0;
}
