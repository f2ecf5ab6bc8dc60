/* Unsigned counters that wrap around. */
#include <stdio.h>

int main(void) {
    unsigned char c = 250;
    c += 10;
    printf("%d\n", c);
    unsigned char d = 3;
    d -= 5;
    printf("%d\n", d);
    unsigned short s = 65530;
    for (int i = 0; i < 10; i++)
        s++;
    printf("%u\n", s);
    unsigned u = 5;
    u = u - 7;
    unsigned v = u + 3;
    printf("%u %u\n", u, v);
    unsigned char k = 0;
    int laps = 0;
    do {
        k += 64;
        laps++;
    } while (k != 0);
    printf("%d\n", laps);
    return 0;
}
