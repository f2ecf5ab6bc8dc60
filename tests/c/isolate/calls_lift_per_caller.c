// ferry-test: isolate --function twice
// ferry-test: run 4 3 => to=64 from=64
// ferry-test: run 5 1 => to=40 from=40
// Each caller is lifted on its own (`lift`): double_all is only control
// around twice's calls, so a's transfers move on to main's time loop;
// double_logged counts its calls in a global, so b's stay at its loop.
// a: per step n (read only, passed by value: 0); a[0,n-1] loaded in the
// first step (4n) and stored after the last (4n). b: every iteration
// passes i and n (read only, by value: 0), loads b[i] (4) and stores it (4).
// to = 4n steps + 4n, from = 4n + 4n steps.
// 4 3: 3 * 16 + 16 = 64, from 16 + 48 = 64.
// 5 1: 20 + 20 = 40, from 20 + 20 = 40.
#include <stdio.h>
#include <stdlib.h>

int logged;

static void twice(int i, int n, int a[n])
{
    a[i] = 2 * a[i] + 1;
}

static void double_all(int n, int a[n])
{
    for (int i = 0; i < n; i++)
        twice(i, n, a);
}

static void double_logged(int n, int a[n])
{
    for (int i = 0; i < n; i++)
        twice(i, n, a);
    logged++;
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), steps = atoi(argv[2]);
    int *a = malloc(sizeof(int[n]));
    int *b = malloc(sizeof(int[n]));
    for (int i = 0; i < n; i++) {
        a[i] = i % 5 - 2;
        b[i] = i % 3 - 1;
    }
    for (int t = 0; t < steps; t++) {
        double_all(n, a);
        double_logged(n, b);
    }
    long sum = 0;
    for (int i = 0; i < n; i++)
        sum += (long)a[i] * (i + 1) - b[i];
    printf("%ld %d\n", sum, logged);
    free(a);
    free(b);
    return 0;
}
