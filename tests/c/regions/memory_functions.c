/* The memory functions of the C library touch runs of elements: memcpy,
   memmove and memset write the run of their destination, memcpy, memmove
   and memcmp read the runs of their sources, whether the byte count is a
   number of elements times sizeof or a constant. */
// args: 3 | 9
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

unsigned int state[16];
double a[32], b[32];
int keys[20];

void block(unsigned int *out, const unsigned int *in) {
    unsigned int x[16];
    memcpy(x, in, 64);
    for (int i = 0; i < 16; i++)
        out[i] = x[i] + in[i];
}

void shift(int n, int k) {
    memmove(&a[k], a, n * sizeof(double));
    memset(b + k, 0, sizeof(double) * n);
}

int same(int n) {
    return memcmp(keys, &keys[10], n * sizeof(int));
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 3;
    unsigned int out[16];
    for (int i = 0; i < 16; i++)
        state[i] = i * 2654435761u;
    for (int i = 0; i < 32; i++)
        a[i] = b[i] = i;
    for (int i = 0; i < 20; i++)
        keys[i] = i % 10;
    block(out, state);
    shift(n, n + 2);
    printf("%u %g %g %d\n", out[5], a[n + 3], b[n + 2], same(n));
    return 0;
}
