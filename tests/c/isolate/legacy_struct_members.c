// ferry-test: isolate --pragma
// ferry-test: run 10 => to=88 from=120
// ferry-test: run 1 => to=16 from=12
// ferry-test: run 0 => to=0 from=0
// Legacy code keeps a length and its heap blocks in a structure and uses
// them member by member: a local `a` whose pointer members are assigned
// only fresh blocks, and a structure `s` passed by value. Each scalar
// member is a variable (the loops are counted by a.n and s.len), each
// pointer member names its block (a.src[PHI1], s.samples[PHI1]).
// main's statement: a.n read by value -> 0; a.src read [0, n+1] ->
// 4(n+2) in; a.sum written [0, n-1], read afterwards -> 8n back.
// amplify's: s.len and s.gain by value; s.samples read and written
// [0, len-1] -> 4len in, 4len back (main sums it afterwards).
// to = 4(n+2) + 4n, from = 8n + 4n: 10 -> 88 / 120; 1 -> 16 / 12; 0 ->
// nothing (neither loop runs).
#include <stdio.h>
#include <stdlib.h>

struct signal {
    int len;
    float gain;
    float *samples;
};

struct window {
    int n;
    float *src;
    double *sum;
};

static void amplify(struct signal s)
{
#pragma ferry isolate
    for (int i = 0; i < s.len; i++)
        s.samples[i] = s.samples[i] * s.gain;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 0 || n > 1000)
        return 2;
    struct window a;
    a.n = n;
    a.src = malloc((n + 2) * sizeof *a.src);
    a.sum = malloc((n + 1) * sizeof *a.sum);
    for (int i = 0; i < n + 2; i++)
        a.src[i] = (float)(i % 7) - 2.5f;
#pragma ferry isolate
    for (int i = 0; i < a.n; i++)
        a.sum[i] = a.src[i] + a.src[i + 1] + a.src[i + 2];

    struct signal sig;
    sig.len = n;
    sig.gain = 0.5f;
    sig.samples = malloc((n + 1) * sizeof *sig.samples);
    for (int i = 0; i < n; i++)
        sig.samples[i] = (float)i;
    amplify(sig);

    double total = 0;
    for (int i = 0; i < n; i++)
        total += a.sum[i] * (i % 3) + sig.samples[i];
    printf("%.3f\n", total);
    free(sig.samples);
    free(a.sum);
    free(a.src);
    return 0;
}
