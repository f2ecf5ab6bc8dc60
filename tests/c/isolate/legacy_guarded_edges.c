// ferry-test: isolate --pragma
// ferry-test: run 9 => to=40 from=40
// ferry-test: run 1 => to=8 from=8
// ferry-test: run 0 => to=4 from=4
// Edges handled by a test inside the loop, as legacy filters do: the
// first and last elements copied, the others smoothed. The write regions
// of the branches (i == 0 or i == n - 1; 0 < i < n - 1) make [0, n-1]
// exactly, so out is not loaded; the reads stay inside [0, n-1].
// in read [0, n-1] -> 4n in; out written [0, n-1] -> 4n back; i is
// written and printed after -> 4 each way.
// to = from = 4n + 4: 9 -> 40; 1 -> 8; 0 -> 4.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 12;
    float *in = malloc((n + 1) * sizeof *in), *out = malloc((n + 1) * sizeof *out);
    for (int k = 0; k < n; k++)
        in[k] = (float)((k * 7) % 5);
    int i;
#pragma ferry isolate
    for (i = 0; i < n; i++) {
        if (i == 0 || i == n - 1)
            out[i] = in[i];
        else
            out[i] = (in[i - 1] + 2 * in[i] + in[i + 1]) / 4;
    }
    float s = 0;
    for (int k = 0; k < n; k++)
        s += out[k] * (k % 3 + 1);
    printf("%.3f %d\n", s, i);
    free(in);
    free(out);
    return 0;
}
