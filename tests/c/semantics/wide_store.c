/* A function whose store knows many variables: globals equal to
   constants, or within the range of their type, each linked to no other,
   beside the few that loops and gotos link. ferry analyses such a store
   factored (the intervals of the unlinked variables apart from a
   polyhedron over the others); its preconditions must hold in every
   traced state all the same. */
#include <stdint.h>
#include <stdio.h>

static int32_t g_1 = 7;
static uint8_t g_2 = 200;
static int64_t g_3 = 1234567890123LL;
static uint32_t g_4 = 3353138794u;
static int16_t g_5 = -3;
static int32_t g_6 = 1;
static int32_t g_7 = 0;
static int32_t g_8 = 9;
static uint64_t g_9 = 17003554961546040977ull;
static int8_t g_10 = -128;
static uint16_t g_11 = 65535;
static int32_t g_12 = 42;
static int64_t g_13 = -1;
static uint32_t g_14 = 1454190128u;
static int32_t g_15 = 6;
static uint8_t g_16 = 3;
static int32_t g_17 = 100;
static int32_t g_18 = -100;
static uint16_t g_19 = 9386;
static int32_t g_20 = 0;

static void bump(int k) { g_5 += k; }

int main(void) {
    int i, j = 0, n = 0;
    uint8_t c = 0;
    /* The loop a random program writes over a global. */
    for (g_1 = 1; g_1 >= 0; g_1 -= 1) {
        g_2 = (uint8_t)(g_2 + 3);
        if (g_2 > 250)
            g_4 = 0;
        for (i = 0; i < 5; i++) {
            n += i;
            if (i == g_1)
                goto skip;
            j += 2;
        skip:
            c = (uint8_t)(c + i);
        }
    }
    int k = 0;
again:
    k++;
    bump(1);
    g_7 = k;
    if (k < 4)
        goto again;
    switch (g_6) {
    case 1:
        g_8 = g_8 + g_16;
        break;
    default:
        g_8 = 3;
    }
    while (g_20 < g_15) {
        g_20 += 2;
        if (g_20 == 4)
            continue;
        g_17 -= g_20;
    }
    printf("%d %u %lld %u %d %d %d %d\n", g_1, g_2, (long long)g_3, g_4, g_5, g_6, g_7, g_8);
    printf("%llu %d %u %d %lld %u %d %u\n", (unsigned long long)g_9, g_10, g_11, g_12,
           (long long)g_13, g_14, g_15, g_16);
    printf("%d %d %u %d %d %d %d %u %d\n", g_17, g_18, g_19, g_20, i, j, n, c, k);
    return 0;
}
