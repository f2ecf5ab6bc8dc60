/* Comparisons between signed and unsigned operands: the usual arithmetic
   conversions make -1 < 5u false. Each case is a function of its own, whose
   result main only prints, so that a wrong guess does not spread. */
#include <stdio.h>

int int_vs_unsigned(void) {
    int i = -1;
    unsigned u = 5;
    if (i < u)
        return 1;
    return 2;
}

int long_vs_unsigned_long(void) {
    long l = -1;
    unsigned long ul = 3;
    int cmp = l > ul;
    return cmp;
}

int loop_never_runs(void) {
    int i = -2;
    unsigned n = 3;
    int steps = 0;
    while (i < n) {
        i++;
        steps++;
    }
    return steps;
}

int int_vs_sizeof(void) {
    int x = -1;
    int r = 0;
    if (x < sizeof(int))
        r = 1;
    return r;
}

int converted_values(void) {
    int neg = -7;
    unsigned w = neg;
    int big = 0;
    if (w > 100)
        big = 1;
    unsigned char c = 200;
    int promoted = c + 100 > 255;
    unsigned short us = 65535;
    int widened = us + 1;
    long long ll = -1;
    int ok = ll < 5u;
    return big + promoted + ok + (widened == 65536);
}

int main(void) {
    printf("%d %d %d %d %d\n", int_vs_unsigned(), long_vs_unsigned_long(),
           loop_never_runs(), int_vs_sizeof(), converted_values());
    return 0;
}
