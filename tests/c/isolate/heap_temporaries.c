// ferry-test: isolate --label kernel
// ferry-test: run 6 => to=48 from=48
// ferry-test: run 1 => to=8 from=8
// Heap blocks named by the pointer they were allocated into: x, t and y
// each hold one block from malloc and nothing else gets a copy of them, so
// the kernel's regions name them (they would otherwise be memory ferry
// cannot name, and the kernel refused). t is a temporary: main reads only
// y afterwards, and `free` does not read what it frees, so t's elements
// are dead after the kernel even though main's early returns make its body
// an unstructured graph (what is live after a vertex is what the vertices
// it reaches read, not what the whole graph reads).
// n: read only, passed by value -> 0. x: IN [0,n-1] -> 8n. t: written before read, dead after:
// nothing moved. y: W [0,n-1] exact, read after -> stored 8n.
// to = 8n, from = 8n. n=6: 48 / 48; n=1: 8 / 8.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    if (n < 1 || n > 64)
        return 2;
    double *x = malloc(n * sizeof *x);
    double *t = malloc(n * sizeof *t);
    double *y = malloc(n * sizeof *y);
    if (!x || !t || !y)
        return 1;
    for (int i = 0; i < n; i++)
        x[i] = i * 0.5 + 1.0;
kernel:
    for (int i = 0; i < n; i++) {
        t[i] = x[i] * x[i];
        y[i] = t[i] + x[i];
    }
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += y[i] * (i + 1);
    printf("%.17g\n", s);
    free(x);
    free(t);
    free(y);
    return 0;
}
