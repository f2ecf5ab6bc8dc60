// ferry-test: isolate --label kernel
// ferry-test: run 5 => to=136 from=268
// ferry-test: run 8 => to=232 from=436
// ferry-test: run 1 => to=28 from=44
// ferry-test: run 0 => to=0 from=0
// memset, memcpy and memmove inside a parallel loop, on rows of device
// buffers: the kernel calls the device's own versions, with the `sizeof`s
// the host checks at compile time (sizeof (vals) is 4, sizeof (src[0]) 4).
// n: read only, passed by value, 0.
// img (bytes): row i writes [32i, 32i+15] (memset) and [32i+16, 32i+19]
//   (memcpy): stored as the hull [0, 32n-13], 32n-12 bytes; the gaps in it
//   [32i+20, 32i+31], i < n-1, are loaded as the run [20, 32n-33]:
//   32n-52 bytes for n >= 2, none below.
// vals: R [0,3] -> 4; src: R [0,5] -> 24 (loaded when the loop runs).
// rows: memcpy writes rows[i][0..5] before memmove reads rows[i][0..4]
//   and writes rows[i][1..5], and a second reads [2..5] and writes [0..3]:
//   written first, no load; stored 24n.
// to = 28 + (32n - 52 for n >= 2), from = 32n - 12 + 24n, 0 when n = 0.
// n=5: to 136, from 268; n=8: to 232, from 436; n=1: to 28, from 44.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BPS 32

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    unsigned char img[8 * BPS];
    unsigned char vals[4] = {1, 2, 3, 4};
    float rows[8][6], src[6];
    for (int i = 0; i < 8 * BPS; i++)
        img[i] = (unsigned char)(i * 7);
    for (int k = 0; k < 6; k++)
        src[k] = k * 0.5f;
    for (int k = 0; k < 48; k++)
        rows[k / 6][k % 6] = -k;
kernel:
    for (int i = 0; i < n; i++) {
        memset(img + i * BPS, i + 1, 16);
        memcpy(img + (i * BPS + 16), vals, sizeof(vals));
        memcpy(rows[i], src, 6 * sizeof(src[0]));
        memmove(&rows[i][1], &rows[i][0], 5 * sizeof(float));
        memmove(&rows[i][0], &rows[i][2], 4 * sizeof(float));
    }
    for (int i = 0; i < 8 * BPS; i++)
        printf("%d\n", img[i]);
    for (int i = 0; i < 8 * 6; i++)
        printf("%g\n", rows[i / 6][i % 6]);
    return 0;
}
