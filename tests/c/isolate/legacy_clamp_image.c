// ferry-test: isolate --pragma
// ferry-test: run 32 20 => to=640 from=640
// ferry-test: run 5 3 => to=15 from=15
// An 8-bit image brightened in place with clamping (nested conditional
// expressions), through a variably modified parameter unsigned char
// img[h][w]. img read and written whole: w*h bytes each way; w, h, delta
// by value. 32 20 -> 640 / 640; 5 3 -> 15 / 15.
#include <stdio.h>
#include <stdlib.h>

void brighten(int w, int h, unsigned char img[h][w], int delta)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int v = img[y][x] + delta;
            img[y][x] = v > 255 ? 255 : v < 0 ? 0 : v;
        }
}

int main(int argc, char **argv)
{
    int w = argc > 1 ? atoi(argv[1]) : 32, h = argc > 2 ? atoi(argv[2]) : 20;
    unsigned char (*img)[w] = malloc(h * w);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            img[y][x] = (x * 13 + y * 7) % 256;
#pragma ferry isolate
    brighten(w, h, img, 60);
    long s = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            s += img[y][x] * (x + 1);
    printf("%ld\n", s);
    return 0;
}
