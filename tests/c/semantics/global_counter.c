/* A function incrementing a global, called in loops. */
#include <stdio.h>

int counter = 0;
int calls;

void tick(void) {
    counter++;
    calls = calls + 1;
}

void add(int k) {
    counter += k;
}

int main(void) {
    for (int i = 0; i < 10; i++)
        tick();
    printf("%d %d\n", counter, calls);
    for (int i = 0; i < 5; i++) {
        add(i);
        add(-1);
    }
    printf("%d\n", counter);
    counter = 100;
    tick();
    printf("%d %d\n", counter, calls);
    return 0;
}
