/* Structure locals used member by member: their scalar members are
 * variables (a loop bounded by v.n is counted), a pointer member assigned
 * only heap blocks names its block (v.c[PHI1], as a local pointer would),
 * a nested structure's member too (img.size.w), an array member keeps its
 * own entity (h.bins), and structures copied whole (w = u) are not seen
 * member by member: what w.c reaches has no name. A structure parameter
 * passed by value is seen member by member in its function (scale: t.c
 * names the caller's block, and the caller sees the call touch memory it
 * cannot name). */
// args: 5 | 12
#include <stdio.h>
#include <stdlib.h>

struct vec {
    int n;
    double *c;
};

struct size {
    int w, h;
};

struct image {
    struct size size;
    float *pixels;
};

struct hist {
    int used;
    int bins[16];
};

static void scale(struct vec t, double f)
{
    for (int i = 0; i < t.n; i++)
        t.c[i] = t.c[i] * f;
}

int main(int argc, char **argv)
{
    struct vec v;
    v.n = argc > 1 ? atoi(argv[1]) : 5;
    if (v.n < 1 || v.n > 64)
        return 2;
    v.c = malloc(v.n * sizeof *v.c);
    for (int i = 0; i < v.n; i++)
        v.c[i] = i * 0.5;
    for (int i = 1; i < v.n - 1; i++)
        v.c[i] = v.c[i] + v.c[i - 1];

    struct image img;
    img.size.w = v.n;
    img.size.h = 3;
    img.pixels = malloc(img.size.w * img.size.h * sizeof *img.pixels);
    for (int y = 0; y < img.size.h; y++)
        for (int x = 0; x < img.size.w; x++)
            img.pixels[y * img.size.w + x] = (float)(x + y);

    struct hist h;
    h.used = v.n < 16 ? v.n : 16;
    for (int k = 0; k < h.used; k++)
        h.bins[k] = k * k;

    struct vec u, w;
    u.n = 4;
    u.c = malloc(u.n * sizeof *u.c);
    for (int i = 0; i < u.n; i++)
        u.c[i] = v.c[i % v.n];
    w = u;
    scale(w, 2.0);
    double s = 0;
    for (int i = 0; i < w.n; i++)
        s += w.c[i];
    for (int k = 0; k < h.used; k++)
        s += h.bins[k] + img.pixels[k % img.size.w];
    printf("%.2f\n", s);
    free(u.c);
    free(img.pixels);
    free(v.c);
    return 0;
}
