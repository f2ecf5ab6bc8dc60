/* Values beyond 32 bits: long long and unsigned long long counters. */
#include <stdio.h>

int main(void) {
    long long big = 3000000000LL;
    long long neg = -5000000000LL;
    for (int i = 0; i < 4; i++) {
        big += 1000000000LL;
        neg -= big;
    }
    unsigned long long u = 18446744073709551610ULL;
    u += 3;
    unsigned long long w = u + 10;
    unsigned int ui = 4000000000u;
    ui += ui;
    printf("%lld %lld %llu %llu %u\n", big, neg, u, w, ui);
    return 0;
}
