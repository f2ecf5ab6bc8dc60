// ferry-test: isolate --pragma
// ferry-test: run 5 8 => to=60 from=60
// ferry-test: run 8 8 => to=96 from=96
// ferry-test: run 0 8 => to=0 from=0
// ferry-test: run 10 8 => to=0 from=0
// ferry-test: run 3 4 => to=36 from=36
// An image with a row pitch (issue 28): `img[y * stride + x]` for
// x < width, where nothing says width <= stride. The view with rows of
// `stride` elements is assumed, not proved: ferry versions the loop on
// the run-time check of its columns (0 <= 0 and width <= stride) and runs
// the original loop where the check fails (before, the copy of `img`
// could not be sized and the loop was refused).
// Rows 1..3 of 4, columns 0..width-1, ints, both ways:
// 5 8 -> 3*5*4 = 60; 8 8 -> 96; 0 8 -> nothing touched; 10 8 -> the
// check fails (a row reaches into the next), the original runs, nothing
// moves; 3 4 -> 36.
#include <stdio.h>
#include <stdlib.h>

static void brighten(int *img, int width, int height, int stride)
{
#pragma ferry isolate
    for (int y = 1; y < height; y++)
        for (int x = 0; x < width; x++)
            img[y * stride + x] = img[y * stride + x] / 2 + 10;
}

int main(int argc, char **argv)
{
    int width = argc > 1 ? atoi(argv[1]) : 5;
    int stride = argc > 2 ? atoi(argv[2]) : 8;
    int height = 4;
    if (width < 0 || width > 12 || stride < 1 || stride > 12)
        return 1;
    /* The image and what a row may reach past its end. */
    int *img = malloc((height * stride + 12) * sizeof *img);
    for (int i = 0; i < height * stride + 12; i++)
        img[i] = 3 * i + 1;
    brighten(img, width, height, stride);
    long s = 0;
    for (int i = 0; i < height * stride + 12; i++)
        s += (long)img[i] * (i % 7 + 1);
    printf("%ld\n", s);
    free(img);
    return 0;
}
