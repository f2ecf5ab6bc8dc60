/* Histogram of pseudo-random bytes with indirect increments, then the
 * cumulative distribution and the mode. */
#include <stdint.h>
#include <stdio.h>

#define SAMPLES 100000
#define BINS 32

static uint32_t state = 2463534242u;

static uint32_t xorshift32(void)
{
    uint32_t x = state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return state = x;
}

int main(void)
{
    unsigned hist[BINS] = {0};
    for (int i = 0; i < SAMPLES; i++) {
        uint32_t v = xorshift32();
        hist[(v >> 8) % BINS]++;
    }
    unsigned cdf[BINS];
    unsigned running = 0;
    int mode = 0;
    for (int b = 0; b < BINS; b++) {
        running += hist[b];
        cdf[b] = running;
        if (hist[b] > hist[mode])
            mode = b;
    }
    printf("histogram total %u mode %d (%u) median-bin ", cdf[BINS - 1], mode, hist[mode]);
    for (int b = 0; b < BINS; b++)
        if (cdf[b] >= SAMPLES / 2) {
            printf("%d\n", b);
            break;
        }
    for (int b = 0; b < 4; b++)
        printf("%u ", hist[b]);
    printf("\n");
    return 0;
}
