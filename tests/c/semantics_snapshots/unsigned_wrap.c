/* Unsigned arithmetic wraps; narrow signed conversions keep the value only when it fits. */
unsigned char counter(unsigned char c, int big) {
    unsigned u = 0;
    u = u - 1;
    c = c + 10;
    signed char t = big;
    unsigned char z = 250;
    z += 10;
    return c + t + z + u;
}
