/* Local structures initialised with braces: by position, by designator
   (`.f =` and GNU's `f:`), with members left out (zero), and one whose
   member is an array, and a union (each written as a whole: a union's
   members share their storage). Each scalar member is a
   variable from its initialiser on: `r.hi` bounds a counted loop and
   `r.step` is known to be 0. */
#include <stdio.h>

struct range {
    int lo;
    int hi;
    int step;
};

struct tagged {
    int id;
    int vals[4];
};

union word {
    int i;
    unsigned u;
};

int main(int argc, char **argv)
{
    int n = argc + 6;
    struct range r = {2, .hi = n};
    struct range q = {hi: 5, lo: 1};
    struct tagged t = {7, {1, 2, 3, 4}};
    union word w = {9};
    int a[16];
    for (int i = 0; i < 16; i++)
        a[i] = i;
    int s = 0;
    for (int i = r.lo; i < r.hi; i++)
        s += a[i + r.step];
    for (int i = q.lo; i <= q.hi; i++)
        s += a[i] * t.vals[i % 4];
    for (int i = 0; i < (int)w.u; i++)
        s += a[i];
    printf("%d %d %d %u\n", s, t.id, q.step, w.u);
    return 0;
}
