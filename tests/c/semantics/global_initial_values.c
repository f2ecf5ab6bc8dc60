/* The store `main` starts with: a global with a constant initialiser
   holds its value (`limit`, `step`, the negative `bias`), a `static` one
   without an initialiser holds 0 (`hits`, and the members of the static
   structure `tally`), and a global that is not static and has no
   initialiser here (`external_seed`: another unit could define it) is
   unknown, as are the members of an initialised structure (`shape`).
   The values flow into the callee `fill` from its one call site, and
   `limit` bounds its counted loop. `main`'s second half changes `limit`
   and `hits`: after that they are what the assignments say. */
#include <stdio.h>
#include <stdlib.h>

int limit = 12;
static int step = 3, bias = -5;
static int hits;
int external_seed;
struct shape { int w, h; } shape = { 4, 6 };
static struct counts { int seen, kept; } tally;
int table[64];

static void fill(int k)
{
    for (int i = 0; i < limit; i += step)
        table[i + k] = i * step + bias + hits;
}

int main(int argc, char **argv)
{
    int k = argc > 1 ? atoi(argv[1]) : 0;
    if (k < 0 || k > 8)
        k = 0;
    fill(k);
    tally.seen = tally.seen + shape.w;
    tally.kept = tally.kept + external_seed;
    limit = limit + k;
    hits = hits + 1;
    printf("%d %d %d %d %d\n", table[k], limit, hits, tally.seen, tally.kept);
    return 0;
}
