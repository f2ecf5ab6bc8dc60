// cflags: -DSCALE=3
/* Bounds from enumeration constants, macros and a command-line define. */
#include <stdio.h>

enum { ROWS = 5, COLS = ROWS * 2 };
#define STEP 2
#ifndef SCALE
#error SCALE must be defined
#endif

enum color { RED, GREEN = 4, BLUE };

int main(void) {
    int cells = 0;
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c += STEP)
            cells += SCALE;
    enum color col = RED;
    int hops = 0;
    while (col != BLUE) {
        col = col == RED ? GREEN : BLUE;
        hops++;
    }
    int scaled = SCALE * cells + BLUE;
    printf("%d %d %d\n", cells, hops, scaled);
    return 0;
}
