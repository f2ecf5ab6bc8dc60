/* A whole element of an array of structures and one of its fields, in
 * one loop: `out[i]` and `out[i].re` are the same memory only at the same
 * subscript, so iterations that each touch their own element do not
 * conflict. `cases` runs:
 * - a copy of each element, then a change of its real part: parallel;
 * - the same with the previous element's real part read: sequential
 *   (`out[i - 1].re` is what iteration i - 1 wrote);
 * - the two fields swapped into each element, then the whole element
 *   read back into a second array at the same subscript: parallel;
 * - a row of elements copied whole, then one field of each changed, over
 *   a 2-D array: parallel in both loops. */
#include <stdio.h>
#include <stdlib.h>

struct cplx {
    double re;
    double im;
};

void cases(int n, struct cplx *out, const struct cplx *in, struct cplx *back,
           struct cplx (*g)[8])
{
    for (int i = 0; i < n; i++) {
        out[i] = in[i];
        out[i].re *= 2.0;
    }
    for (int i = 1; i < n; i++) {
        out[i] = in[i];
        out[i].im += out[i - 1].re;
    }
    for (int i = 0; i < n; i++) {
        out[i].re = in[i].im;
        out[i].im = in[i].re;
        back[i] = out[i];
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 8; j++) {
            g[i][j] = in[i];
            g[i][j].im -= j;
        }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 1)
        n = 1;
    struct cplx *out = malloc(n * sizeof *out);
    struct cplx *in = malloc(n * sizeof *in);
    struct cplx *back = malloc(n * sizeof *back);
    struct cplx (*g)[8] = malloc(n * sizeof *g);
    if (!out || !in || !back || !g)
        return 1;
    for (int i = 0; i < n; i++) {
        in[i].re = (double)(i % 7) / 7;
        in[i].im = (double)((3 * i) % 5);
        out[i].re = out[i].im = -1.0;
    }
    cases(n, out, in, back, g);
    double sum = 0.0;
    for (int i = 0; i < n; i++) {
        sum += (out[i].re + 2 * out[i].im + 3 * back[i].re + 5 * back[i].im) * (i % 11 + 1);
        for (int j = 0; j < 8; j++)
            sum += (g[i][j].re - g[i][j].im) * (j + 1);
    }
    printf("fields %d: %.6f\n", n, sum);
    return 0;
}
