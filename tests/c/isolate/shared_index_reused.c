// ferry-test: isolate --pragma
// ferry-test: run 3 => to=232 from=112
// ferry-test: run 5 => to=232 from=112
// Two isolated loops of one function share an index declared without a
// value (as libwebp's DC4 predictor does), and one buffer of `dst`. Its
// length is evaluated before the first loop, where `i` is anything: it
// must not depend on what the second loop's context says of `i` (`i ==
// 4`, true only once the first loop is done), or the buffer is cut short
// (128 bytes instead of 132) and the copy back reaches past it, which the
// host simulation's runtime stops, as a device's runtime would.
// dst points one row and one byte into buf (rows of 32 bytes).
// Loop 1 reads dst[i - 32] and dst[32i - 1], i < 4: dst[-32..-29] and
//   dst[-1], 31, 63, 95, loaded as their box [-32, 95] (128 bytes, one
//   transfer, cheaper than two runs by the default cost model); dc and i
//   are read and written: 4 + 4 each way.
// Loop 2 writes dst[32i .. 32i+3], i < 4: stored as the hull [0, 99], 100
//   bytes; the device surely holds only what loop 1 needed, so the gaps of
//   the hull load as the box [4, 95], 92 bytes; i: 4 each way (dc is a
//   value).
// The buffer is the hull of both, [-32, 99]: 132 bytes.
// to = 128 + 8 + 92 + 4 = 232, from = 8 + 100 + 4 = 112, whatever buf holds.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BPS 32

static void dc4(uint8_t *dst)
{
    uint32_t dc = 4;
    int i;
#pragma ferry isolate
    for (i = 0; i < 4; ++i)
        dc += dst[i - BPS] + dst[-1 + i * BPS];
    dc >>= 3;
#pragma ferry isolate
    for (i = 0; i < 4; ++i)
        memset(dst + i * BPS, dc, 4);
}

int main(int argc, char **argv)
{
    uint8_t buf[8 * BPS];
    int seed = atoi(argv[1]);
    for (int k = 0; k < 8 * BPS; k++)
        buf[k] = (uint8_t)(k * 13 + seed);
    dc4(buf + BPS + 1);
    for (int k = 0; k < 8 * BPS; k++)
        printf("%d\n", buf[k]);
    return 0;
}
