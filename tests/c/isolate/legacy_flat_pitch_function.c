// ferry-test: isolate --function blend
// ferry-test: run 6 8 => to=240 from=120
// ferry-test: run 8 8 => to=320 from=160
// ferry-test: run 9 8 => to=0 from=0
// ferry-test: run 2 2 => to=80 from=40
// A whole function over two images with a row pitch, callable from other
// files (not static), so nothing is known of its arguments: `dst[y *
// pitch + x]` and `src[y * pitch + x]` for x < w, nothing saying w <=
// pitch. Both views are assumed and the body is versioned on one check
// of each image's columns (w <= pitch); where it fails (9 8: a row
// reaches into the next) the original body runs and nothing moves.
// Rows 0..4 of 5, columns 0..w-1, ints: 20w bytes per image; src and
// dst loaded (dst is read), dst stored: to = 40w, from = 20w.
#include <stdio.h>
#include <stdlib.h>

void blend(int *dst, const int *src, int w, int h, int pitch)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            dst[y * pitch + x] = (dst[y * pitch + x] + src[y * pitch + x]) / 2;
}

int main(int argc, char **argv)
{
    int w = argc > 1 ? atoi(argv[1]) : 6;
    int pitch = argc > 2 ? atoi(argv[2]) : 8;
    int h = 5;
    if (w < 0 || w > 12 || pitch < 1 || pitch > 12)
        return 1;
    int n = h * pitch + 12;
    int *dst = malloc(n * sizeof *dst), *src = malloc(n * sizeof *src);
    for (int i = 0; i < n; i++) {
        dst[i] = 5 * i + 2;
        src[i] = 7 * i + 3;
    }
    blend(dst, src, w, h, pitch);
    long s = 0;
    for (int i = 0; i < n; i++)
        s += (long)dst[i] * (i % 7 + 1);
    printf("%ld\n", s);
    free(dst);
    free(src);
    return 0;
}
