// ferry-test: isolate --auto
// ferry-test: run 6 8 => to=336 from=128
// ferry-test: run 9 8 => to=216 from=8
// ferry-test: run 0 3 => to=116 from=8
// --auto over an image with a row pitch. The darkening nest's columns
// (x < w) are not proved inside rows of `pitch` elements: with the rows
// proved only, `img` stays flat and neither nest of `darken` can be
// sized. --auto analyses again with the rows assumed and keeps that try,
// which leaves fewer nests out: the darkening nest is versioned on
// w <= pitch. The clearing nest stays out even then: its own columns are
// proved, but the liveness after it rests on the darkening nest's
// assumption, which its check would not cover.
// Counted, ints:
// - darkening: rows 0..4, columns 0..w-1, in and back, 20w each way when
//   w <= pitch (6 8 -> 120 / 120); otherwise the original runs: nothing;
// - main's sum: img whole in, (5 pitch + 12) * 4 bytes (pitch 8 -> 208,
//   pitch 3 -> 108), and s in and back, 8 each way.
// 6 8 -> 336 / 128; 9 8 -> 216 / 8; 0 3 -> 116 / 8.
#include <stdio.h>
#include <stdlib.h>

static void darken(int *img, int w, int h, int pitch)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < pitch; x++)
            img[y * pitch + x] = y * 16 + x;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            img[y * pitch + x] = img[y * pitch + x] * 3 / 4;
}

int main(int argc, char **argv)
{
    int w = argc > 1 ? atoi(argv[1]) : 6;
    int pitch = argc > 2 ? atoi(argv[2]) : 8;
    if (w < 0 || w > 12 || pitch < 1 || pitch > 12)
        return 1;
    int n = 5 * pitch + 12;
    int *img = calloc(n, sizeof *img);
    darken(img, w, 5, pitch);
    long s = 0;
    for (int i = 0; i < n; i++)
        s += (long)img[i] * (i % 7 + 1);
    printf("%ld\n", s);
    free(img);
    return 0;
}
