// ferry-test: isolate --function twice
// ferry-test: run 4 3 => to=96 from=96
// ferry-test: run 6 4 => to=184 from=184
// double_all's loop stops once the kernel has seen a value over 40, a
// maximum the kernel keeps in double_all's local top through a pointer
// (`i < n && top <= 40`):
// double_all's own code reads a variable the kernel writes, so it is not
// only control and twice's transfers stay at its call in double_all's
// loop (`lift`); lifted on to main, the test would read top from the
// host while the kernel's value is on the device.
// Each iteration passes n and i (read only, by value: 0), loads top (4)
// and a[i] (4), then stores a[i] and top (8). Each step runs n iterations
// (x -> 2x + 1 on a[i] = i%5 - 2), until the fourth step of n = 6 reaches
// 47 at i = 4.
// 4 3: 12 iterations: 96 / 96.  6 4: 18 + 5 = 23 iterations: 184 / 184.
#include <stdio.h>
#include <stdlib.h>

static void twice(int i, int n, int a[n], int *top)
{
    a[i] = 2 * a[i] + 1;
    if (a[i] > *top)
        *top = a[i];
}

static void double_all(int n, int a[n])
{
    int top = 0;
    for (int i = 0; i < n && top <= 40; i++)
        twice(i, n, a, &top);
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), steps = atoi(argv[2]);
    int *a = malloc(sizeof(int[n]));
    for (int i = 0; i < n; i++)
        a[i] = i % 5 - 2;
    for (int t = 0; t < steps; t++)
        double_all(n, a);
    long sum = 0;
    for (int i = 0; i < n; i++)
        sum += (long)a[i] * (i + 1);
    printf("%ld\n", sum);
    free(a);
    return 0;
}
