// ferry-test: isolate --pragma
// ferry-test: run 9 => to=148 from=76
// ferry-test: run 1 => to=20 from=12
// ferry-test: run 0 => to=4 from=4
// The unsigned count-down idiom `for (i = n; i-- > 0;)`: the condition
// tests i before stepping it, so the body runs with 0 <= i < n (the
// semantics guard the old value, then step). Not a counted loop: b's
// writes are may.
// a read [0, n-1] -> 8n in; b written (may) [0, n-1] -> 8n in, 8n back;
// i read and written, printed after -> 4 each way (also when n = 0).
// to = 16n + 4, from = 8n + 4: 9 -> 148 / 76; 1 -> 20 / 12; 0 -> 4 / 4.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 12;
    double *a = malloc((n + 1) * sizeof *a), *b = malloc((n + 1) * sizeof *b);
    for (unsigned k = 0; k < n; k++)
        a[k] = k * 0.5;
    unsigned i;
#pragma ferry isolate
    for (i = n; i-- > 0;)
        b[i] = a[i] * 2.0 + 1.0;
    double s = 0;
    for (unsigned k = 0; k < n; k++)
        s += b[k] * (k % 4);
    printf("%.2f %u\n", s, i);
    free(a);
    free(b);
    return 0;
}
