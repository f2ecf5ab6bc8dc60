/* Calls through function pointers that modify globals. */
#include <stdio.h>

int counter = 0;
int level = 5;

void tick(void) {
    counter++;
}

void reset(void) {
    counter = 100;
    level--;
}

int main(void) {
    void (*fp)(void) = tick;
    for (int i = 0; i < 4; i++)
        fp();
    int after_ticks = counter;
    fp = reset;
    fp();
    int after_reset = counter;
    void (*table[2])(void) = {tick, reset};
    for (int i = 0; i < 3; i++)
        table[i % 2]();
    printf("%d %d %d %d\n", after_ticks, after_reset, counter, level);
    return 0;
}
