/* Global structures used member by member in every function: each member
 * is a global variable of its own (G.n, G.lim.hi), a pointer member
 * assigned only a fresh block names it (G.data[PHI1]), and functions that
 * write members show it to their callers as writes of those globals. A
 * global structure copied whole somewhere (H = G2) stays one object. */
// args: 6 | 13
#include <stdio.h>
#include <stdlib.h>

struct limits {
    int lo, hi;
};

struct state {
    int n;
    struct limits lim;
    double *data;
} G;

struct pair {
    int a, b;
} G2, H;

static void setup(int n)
{
    G.n = n;
    G.lim.lo = 1;
    G.lim.hi = n - 1;
    G.data = malloc(n * sizeof *G.data);
}

static void fill(void)
{
    for (int i = 0; i < G.n; i++)
        G.data[i] = i * 0.5;
}

static double inner_sum(void)
{
    double s = 0;
    for (int i = G.lim.lo; i < G.lim.hi; i++)
        s += G.data[i] - G.data[i - 1];
    return s;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 6;
    if (n < 2 || n > 64)
        return 2;
    setup(n);
    fill();
    G2.a = n;
    G2.b = 2 * n;
    H = G2;
    double s = inner_sum();
    printf("%.2f %d %d\n", s, H.a + H.b, G.lim.hi);
    free(G.data);
    return 0;
}
