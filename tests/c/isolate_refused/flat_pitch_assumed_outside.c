// ferry-test: isolate --pragma
// ferry-test: refuse cannot size the copy of `img`
// The loop alone would be versioned on the check that its columns stay
// inside rows of `stride` elements (legacy_flat_pitch.c), but the border
// written after it is a column not proved inside its row either: the
// liveness after the loop would rest on an assumption the loop's check
// does not cover, so the view is not assumed and the copy of `img`
// cannot be sized.
#include <stdio.h>
#include <stdlib.h>

static void brighten(int *img, int width, int height, int stride)
{
#pragma ferry isolate
    for (int y = 1; y < height; y++)
        for (int x = 0; x < width; x++)
            img[y * stride + x] = img[y * stride + x] / 2 + 10;
    img[stride + width] = 0;
}

int main(int argc, char **argv)
{
    int width = argc > 1 ? atoi(argv[1]) : 5;
    int stride = argc > 2 ? atoi(argv[2]) : 8;
    int *img = calloc(4 * stride + 12, sizeof *img);
    brighten(img, width, 4, stride);
    printf("%d\n", img[stride + 1]);
    free(img);
    return 0;
}
