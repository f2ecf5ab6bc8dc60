// ferry-test: isolate --auto
// ferry-test: run 20 => to=1600 from=5696
// ferry-test: run 0 => to=0 from=4096
// ferry-test: plan auto --min-iterations 0
// ferry-test: run 20 => to=1600 from=5952
// ferry-test: run 0 => to=0 from=4352
// --auto leaves on the host the nests whose constant bounds keep them
// under 1024 loop iterations (`--min-iterations`), whatever the input:
// - blk's 16×16 initialisation (256 iterations; `mix` has no loop):
//   host by default; with `--min-iterations 0` it is offloaded and writes
//   blk whole -> back 256;
// - big's 32×32 initialisation (1024): offloaded, big[0..31][0..31]
//   written exactly -> back 32 * 32 * 4 = 4096;
// - the n×n update (n from the command line, at most 32; not constant):
//   offloaded, big[0..n-1][0..n-1] in and back -> 4n^2 each way;
// - the checksums: sequential, host.
// n=20: to 1600, from 4096 + 1600 (and 256 more with 0); n=0: from 4096.
#include <stdio.h>
#include <stdlib.h>

static unsigned char blk[16][16];

static int mix(int a, int b)
{
    return (a * 7) ^ b;
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    if (n < 0 || n > 32)
        return 1;
    static float big[64][64];
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 16; j++)
            blk[i][j] = (unsigned char)mix(i, j);
    for (int i = 0; i < 32; i++)
        for (int j = 0; j < 32; j++)
            big[i][j] = i * 0.5f + j;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            big[i][j] += 1.0f;
    double s = 0;
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++)
            s = s * 0.5 + big[i][j];
    unsigned long t = 0;
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 16; j++)
            t = t * 31 + blk[i][j];
    printf("%g %lu\n", s, t);
    return 0;
}
