/* Structures reached through pointer parameters, used member by member:
 * each scalar member of what p points to is a variable (p->n bounds a
 * counted loop, p->count is stepped), a pointer member names the caller's
 * block relative to itself (p->c[PHI1]), a flat image is seen with rows
 * (im->data[y * im->w + x], stride im->w), and callers see the members a
 * function writes as memory behind the pointer they passed (st.count);
 * testing the pointers against null (tally) keeps them member by member.
 * A function that passes its pointer on (total) is not seen member by
 * member. */
// args: 5 | 11
#include <stdio.h>
#include <stdlib.h>

struct vec {
    int n;
    double *c;
};

struct image {
    struct {
        int w, h;
    } size;
    int w;
    float *data;
};

struct stats {
    int count;
    double sum;
};

static void scale(struct vec *p, double f)
{
    for (int i = 0; i < p->n; i++)
        p->c[i] = p->c[i] * f;
}

static void tally(struct stats *st, const struct vec *p, double limit)
{
    if (!st || p == NULL)
        return;
    for (int i = 0; i < p->n; i++)
        if (p->c[i] > limit) {
            st->count++;
            st->sum += p->c[i];
        }
}

static void brighten(struct image *im)
{
    for (int y = 0; y < im->size.h; y++)
        for (int x = 0; x < im->w; x++)
            im->data[y * im->w + x] = im->data[y * im->w + x] * 0.5f + 1.0f;
}

static double total(struct vec *p)
{
    scale(p, 1.0);
    double s = 0;
    for (int i = 0; i < p->n; i++)
        s += p->c[i];
    return s;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 5;
    if (n < 1 || n > 64)
        return 2;
    struct vec v;
    v.n = n;
    v.c = malloc(n * sizeof *v.c);
    for (int i = 0; i < n; i++)
        v.c[i] = i * 0.75;
    scale(&v, 2.0);
    struct stats st;
    st.count = 0;
    st.sum = 0;
    tally(&st, &v, 2.0);
    struct image img;
    img.w = n;
    img.size.w = n;
    img.size.h = 3;
    img.data = malloc(3 * n * sizeof *img.data);
    for (int k = 0; k < 3 * n; k++)
        img.data[k] = (float)k;
    brighten(&img);
    double s = total(&v);
    printf("%d %.2f %.2f %.2f\n", st.count, st.sum, s, img.data[3 * n - 1]);
    free(img.data);
    free(v.c);
    return 0;
}
