// ferry-test: isolate --label body
// ferry-test: run 4 => to=16 from=2064 rects=2 hull=5
// ferry-test: run 1 => to=16 from=2040 rects=2 hull=2
// ferry-test: plan hull
// ferry-test: run 4 => to=2048 from=2064 hull=6
// ferry-test: plan exact
// ferry-test: run 4 => to=16 from=2064 exact=2 hull=5
// ferry-test: run 1 => to=16 from=2040 exact=2 hull=2
// Each step writes b[1..254] before reading all of b: its IN region is the
// rim b[0] and b[255], a may region whose sure part is all of it (two
// points), and its convex set is all of b. Shared between the steps
// (reuse.rs), the first step loads the rim and every later one finds all
// of b on the device (the rim it loaded, the inside it wrote): nothing
// more. Need taken as the rim leaves no gap a later load would span, so
// reuse keeps the rim rather than all of b. t is read only, passed by
// value (0); out[t] is stored every step, b[1..254] after the last (hull
// counts one call per box: 4 stores of out[t], one of b, and b's load
// under the hull plan).
// - auto (host model, 0.05 us per call, 10 GB/s): two rectangles of one
//   element (0.1 us + 16 bytes) beat the box of 2048 bytes (0.05 +
//   0.2048 us). steps=4: to = 16, from = 4*8 + 254*8 = 2064.
//   steps=1: to = 16, from = 8 + 2032 = 2040.
// - hull: the box of the rim is all of b. steps=4: to = 2048.
// - exact: the rim's maximal runs, b[0] and b[255], one copy each: the
//   counts of auto (a run from the rim's first element to its last would
//   be all of b).
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int steps = atoi(argv[1]);
    double b[256];
    double out[16];
    if (steps < 1 || steps > 16)
        return 2;
    for (int i = 0; i < 256; i++)
        b[i] = i * 0.25;
    for (int t = 0; t < steps; t++)
    body: {
        double s = 0;
        for (int i = 1; i < 255; i++)
            b[i] = t * 0.5 + i;
        for (int i = 0; i < 256; i++)
            s += b[i];
        out[t] = s;
    }
    for (int t = 0; t < steps; t++)
        printf("%g\n", out[t]);
    printf("%g %g\n", b[0], b[255]);
    return 0;
}
