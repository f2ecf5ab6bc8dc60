/* Writes whose convex hull is more than their union, until another write
 * fills the gap: the sure part of a may region (a union of convex pieces)
 * makes the whole exact, and is what a later read is taken out of. */
// args: 3 | 6 | 10
#include <stdio.h>
#include <stdlib.h>

double a[32];
double v[32][32];

/* The inside first, then both ends (regions of a sequence are joined from
 * its end: the two ends first, whose hull is not exact). */
void inside_then_ends(int n)
{
    for (int i = 1; i < n - 1; i++)
        a[i] = i;
    a[0] = -1.0;
    a[n - 1] = -2.0;
}

/* The same per column, in a loop: every column exactly. */
void columns(int n)
{
    for (int i = 0; i < n; i++) {
        for (int j = 1; j < n - 1; j++)
            v[j][i] = i + j;
        v[0][i] = 1.0;
        v[n - 1][i] = 2.0;
    }
}

/* Both ends only, through a call: a later read of one end imports
 * nothing. */
void set_ends(int n, double w[n])
{
    w[0] = 3.0;
    w[n - 1] = 4.0;
}

double first_after_ends(int n)
{
    set_ends(n, a);
    return a[0] * 2.0;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 6;
    if (n < 2)
        n = 2;
    if (n > 32)
        n = 32;
    inside_then_ends(n);
    columns(n);
    double s = first_after_ends(n);
    for (int i = 0; i < n; i++)
        s = s * 0.5 + a[i] + v[i][i] + v[n - 1][i];
    printf("%d %.3f\n", n, s);
    return 0;
}
