/* Members of global structures used member by member are global
 * variables: a function that writes them (setup, tick) changes them for
 * its callers, and loops bounded by them are counted. A global structure
 * one function copies whole (saved = cur) stays one object: its members
 * are unknown. */
#include <stdio.h>
#include <stdlib.h>

struct counters {
    int calls;
    unsigned char wraps;
    struct {
        int lo, hi;
    } range;
} C;

struct pos {
    int x, y;
} cur, saved;

static void setup(int n)
{
    C.calls = 0;
    C.wraps = 250;
    C.range.lo = 2;
    C.range.hi = n;
}

static void tick(void)
{
    C.calls++;
    C.wraps += 3;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 9;
    if (n < 2 || n > 50)
        return 1;
    setup(n);
    int total = 0;
    for (int i = C.range.lo; i < C.range.hi; i++) {
        tick();
        total += i;
    }
    saved.x = 0;
    saved.y = 0;
    cur.x = n;
    cur.y = 1;
    saved = cur; /* saved.x is n now */
    int dist = saved.x - saved.y;
    printf("%d %d %d %d\n", total, C.calls, C.wraps, dist);
    return 0;
}
