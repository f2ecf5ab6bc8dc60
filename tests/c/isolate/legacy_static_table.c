// ferry-test: isolate --pragma
// ferry-test: run 40 => to=192 from=160
// ferry-test: run 3 => to=44 from=12
// A static const lookup table read through data-dependent subscripts
// (key[i] & 7): its region is the whole table, 8 ints, 32 B in. key read
// [0, n-1] -> 4n in; out written [0, n-1] exactly -> 4n back.
// to = 4n + 32, from = 4n: 40 -> 192 / 160; 3 -> 44 / 12.
#include <stdio.h>
#include <stdlib.h>

static const int weights[8] = {3, 1, 4, 1, 5, 9, 2, 6};

void weigh(int n, const unsigned *key, int *out)
{
    for (int i = 0; i < n; i++)
        out[i] = weights[key[i] & 7] * (int)(key[i] >> 3);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 40;
    unsigned *key = malloc(n * sizeof(unsigned));
    int *out = malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        key[i] = i * 2654435761u >> 20;
#pragma ferry isolate
    weigh(n, key, out);
    long s = 0;
    for (int i = 0; i < n; i++)
        s += out[i] % 1000;
    printf("%ld\n", s);
    return 0;
}
