/* convolution-2d: a "valid" 2-D convolution (correlation, as in image
 * filters) of an h x w image with a kh x kw filter; the output is
 * (h-kh+1) x (w-kw+1). */
#include <stdio.h>
#include <stdlib.h>

static void conv2d(int h, int w, int kh, int kw, double in[h][w], double f[kh][kw],
                   double out[h - kh + 1][w - kw + 1])
{
    for (int i = 0; i <= h - kh; i++)
        for (int j = 0; j <= w - kw; j++) {
            double acc = 0.0;
            for (int a = 0; a < kh; a++)
                for (int b = 0; b < kw; b++)
                    acc += in[i + a][j + b] * f[a][b];
            out[i][j] = acc;
        }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int h = n, w = n + 5, kh = 3, kw = 4;
    int oh = h - kh + 1, ow = w - kw + 1;
    double (*in)[w] = malloc(sizeof(double[h][w]));
    double (*f)[kw] = malloc(sizeof(double[kh][kw]));
    double (*out)[ow] = malloc(sizeof(double[oh][ow]));
    if (!in || !f || !out)
        return 1;
    for (int i = 0; i < h; i++)
        for (int j = 0; j < w; j++)
            in[i][j] = (double)((i * 3 + j * 7) % 17) / 17.0;
    for (int a = 0; a < kh; a++)
        for (int b = 0; b < kw; b++)
            f[a][b] = (a + 1.0) * (b % 2 ? -0.5 : 0.25);
    conv2d(h, w, kh, kw, in, f, out);
    double sum = 0.0;
    for (int i = 0; i < oh; i++)
        for (int j = 0; j < ow; j++)
            sum += out[i][j] * ((i + j) % 5 + 1);
    printf("convolution-2d %d: %.6f\n", n, sum);
    free(in);
    free(f);
    free(out);
    return 0;
}
