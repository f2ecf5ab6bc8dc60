/* Structure locals used member by member are analysed as one variable per
 * scalar member (v.n, r.lo.i): counted loops bounded by a member, a member
 * stepped inside a loop, a nested structure, a structure parameter passed
 * by value, and one declared afresh in every iteration. The structures
 * copied whole (q = p) or whose member's address is taken (&t.n) are not:
 * their members stay unknown. */
#include <stdio.h>
#include <stdlib.h>

struct range {
    int lo, hi;
};

struct nested {
    struct range lo;
    long count;
    double *data;
};

struct counter {
    unsigned char n;
    int step;
};

static int span(struct range r)
{
    int k = 0;
    for (int i = r.lo; i < r.hi; i++)
        k++;
    return k + r.hi - r.lo;
}

static void bump(int *x)
{
    *x += 3;
}

int main(int argc, char **argv)
{
    struct range r;
    r.lo = 2;
    r.hi = argc > 1 ? atoi(argv[1]) : 9;
    int total = 0;
    for (int i = r.lo; i < r.hi; i++)
        total += i;
    r.hi = r.hi + 1;
    struct nested m;
    m.lo.lo = 1;
    m.lo.hi = r.hi;
    m.count = 0;
    m.data = malloc(sizeof(double) * 16);
    while (m.lo.lo < m.lo.hi && m.lo.lo < 16) {
        m.data[m.lo.lo] = m.lo.lo;
        m.lo.lo++;
        m.count += 2;
    }
    struct counter c;
    c.n = 250;
    c.step = 3;
    for (int k = 0; k < 4; k++)
        c.n += c.step; /* wraps at 256 */
    int widths = 0;
    for (int k = 0; k < 3; k++) {
        struct range w;
        w.lo = k;
        w.hi = 2 * k + 1;
        widths += w.hi - w.lo;
    }
    struct range p, q;
    p.lo = 4;
    p.hi = 5;
    q.lo = 7;
    q.hi = 9;
    q = p; /* q.lo is 4 now: q is not seen member by member */
    int after_copy = 0;
    for (int i = q.lo; i < 6; i++)
        after_copy += i;
    q.hi += 1;
    struct range t;
    t.lo = 0;
    t.hi = 1;
    bump(&t.hi);
    printf("%d %d %ld %d %d %d %d %d %d\n", total, r.hi, m.count, c.n, widths, span(r),
           q.hi - q.lo, t.hi, after_copy);
    free(m.data);
    return 0;
}
