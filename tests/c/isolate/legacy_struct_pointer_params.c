// ferry-test: isolate --pragma
// ferry-test: run 10 => to=252 from=132
// ferry-test: run 1 => to=36 from=24
// ferry-test: run 0 => to=12 from=12
// Legacy code passes a structure by pointer and reads its members in the
// loops: `im->h`, `im->w` bound them, `im->data[y * im->w + x]` is a flat
// image. Each member of what the pointer parameter points to is a
// variable (the structure is used member by member), the flat block is
// seen with rows of im->w, and members the statement steps
// (`st->count++`, `st->sum += ...`) are copied like scalars, both ways.
// brighten: data read and written [0, h-1] x [0, w-1] (h = 3, w = n) ->
// 12n in, 12n back; im->h, im->w and gain by value.
// tally over 3n elements: v read [0, 3n-1] -> 12n in; st->count (4) and
// st->sum (8) read and written -> 12 each way, also when n = 0.
// to = 24n + 12, from = 12n + 12: 10 -> 252 / 132; 1 -> 36 / 24; 0 ->
// 12 / 12.
#include <stdio.h>
#include <stdlib.h>

struct image {
    int w, h;
    float *data;
};

struct stats {
    int count;
    double sum;
};

static void brighten(struct image *im, float gain)
{
#pragma ferry isolate
    for (int y = 0; y < im->h; y++)
        for (int x = 0; x < im->w; x++)
            im->data[y * im->w + x] = im->data[y * im->w + x] * gain + 1.0f;
}

static void tally(struct stats *st, const float *v, int n)
{
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        if (v[i] > 4.0f) {
            st->count++;
            st->sum += v[i];
        }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 0 || n > 1000)
        return 2;
    struct image img;
    img.w = n;
    img.h = 3;
    img.data = malloc((3 * n + 1) * sizeof *img.data);
    for (int k = 0; k < 3 * n; k++)
        img.data[k] = (float)(k % 11);
    brighten(&img, 0.5f);
    struct stats st;
    st.count = 0;
    st.sum = 0;
    tally(&st, img.data, 3 * n);
    printf("%d %.2f\n", st.count, st.sum);
    free(img.data);
    return 0;
}
