/* Casts to char and short that truncate; assignments to narrow types. */
#include <stdio.h>

int main(void) {
    int big = 300;
    char c = (char)big;
    signed char sc = (signed char)200;
    short s = (short)70000;
    unsigned char uc = (unsigned char)-1;
    int back = (char)(big + 100);
    printf("%d %d %d %d %d\n", c, sc, s, uc, back);
    short t = 0;
    for (int i = 0; i < 40; i++)
        t = (short)(t + 1000);
    printf("%d\n", t);
    char x = 100;
    x = x + 100;
    int y = x;
    long l = 5000000000L;
    int z = (int)l;
    printf("%d %d %d\n", x, y, z);
    return 0;
}
