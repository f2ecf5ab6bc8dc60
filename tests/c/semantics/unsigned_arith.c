/* Unsigned division, remainder and shifts, and mixed signed/unsigned
   arithmetic (the signed operand becomes unsigned). */
#include <stdio.h>

int main(void) {
    unsigned u = -10;
    unsigned q = u / 3;
    unsigned r = u % 7;
    int i = -10;
    unsigned mq = i / 3u;
    int back = i / 3u;
    unsigned sh = u >> 28;
    int si = -16;
    int ssh = si >> 2;
    unsigned long long big = 1ULL << 40;
    unsigned long long bq = big / 1000;
    unsigned char c = 10;
    c -= 20;
    c /= 3;
    printf("%u %u %u %u %d %u %d %llu %d\n", u, q, r, mq, back, sh, ssh, bq, c);
    return 0;
}
