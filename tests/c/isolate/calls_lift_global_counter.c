// ferry-test: isolate --function twice
// ferry-test: run 4 3 => to=48 from=48
// ferry-test: run 6 1 => to=24 from=24
// double_all counts its calls in a global: its own code touches more
// than its scalars, so twice's transfers stay at its call in
// double_all's loop (`lift`) instead of moving on to main's time loop.
// Each iteration passes i and n (read only, by value: 0), loads a[i] (4)
// and stores a[i] (4), disjoint from the other iterations' elements:
// to = 4 n steps, from = 4 n steps.  4 3: 48 / 48.  6 1: 24 / 24.
// (Without the counter, as in calls_lift_lone_call.c, a would move once
// each way around main's loop. Isolating double_all's call would be
// refused anyway, for now: ferry does not isolate a call whose callee
// touches a global, whose clone would reach the host's copy.)
#include <stdio.h>
#include <stdlib.h>

int calls;

static void twice(int i, int n, int a[n])
{
    a[i] = 2 * a[i] + 1;
}

static void double_all(int n, int a[n])
{
    for (int i = 0; i < n; i++) {
        twice(i, n, a);
        calls++;
    }
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
    printf("%ld %d\n", sum, calls);
    free(a);
    return 0;
}
