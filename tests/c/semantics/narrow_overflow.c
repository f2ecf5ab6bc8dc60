/* Narrow types that overflow when stored back; _Bool conversion;
   floating-point to integer conversion. */
#include <stdio.h>

int main(void) {
    signed char sc = 127;
    sc++;
    short s = 32767;
    s += 1;
    char ch = 'z';
    ch += 10;
    unsigned short us = 300;
    us *= 300;
    _Bool b = 5;
    _Bool b2 = 256;
    int t = 2.7;
    int t2 = -2.7;
    double d = 10.0 / 4;
    int t3 = d * 3;
    int n = 0;
    for (signed char i = 120; i > 0; i += 4)
        n++;
    printf("%d %d %d %u %d %d %d %d %d %d\n", sc, s, ch, us, b, b2, t, t2, t3, n);
    return 0;
}
