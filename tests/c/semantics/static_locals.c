/* Static local variables keep their values across calls; a global array
   bound. */
#include <stdio.h>

#define LEN 16
static int buf[LEN];
static int fill_level;

int next_id(void) {
    static int id = 100;
    id += 5;
    return id;
}

void push(int v) {
    if (fill_level < LEN) {
        buf[fill_level] = v;
        fill_level++;
    }
}

int main(void) {
    for (int i = 0; i < 20; i++)
        push(next_id());
    int last = next_id();
    printf("%d %d %d %d\n", fill_level, buf[0], buf[LEN - 1], last);
    return 0;
}
