// ferry-test: isolate --function brighten --closed-program
// ferry-test: run 30 7 => to=210 from=210
// ferry-test: run 1 1 => to=1 from=1
// ferry-test: run 5 3 => to=15 from=15
// An image with padded rows: img[y * stride + x] for x < w, where main
// makes stride = (w + 15) / 16 * 16. The preconditions at brighten's entry
// carry stride >= w from the call (the program is closed: brighten is
// specialised to its callers), so every column is proved inside its
// row and img is seen with rows of stride bytes.
// img: IN = W = [0,h-1] x [0,w-1], exact; main reads every byte after, so
// the store is W. Only the pixels move, not the padding: to = from = w*h
// (the buffer keeps whole rows: h * stride bytes). w, h, stride, d are read
// only, passed by value, 0. 30 7: 210. 1 1: 1. 5 3: 15.
#include <stdio.h>
#include <stdlib.h>

void brighten(int w, int h, int stride, unsigned char *img, int d)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int v = img[y * stride + x] + d;
            img[y * stride + x] = v > 255 ? 255 : v;
        }
}

int main(int argc, char **argv)
{
    int w = atoi(argv[1]), h = atoi(argv[2]);
    int stride = (w + 15) / 16 * 16;
    unsigned char *img = malloc(stride * h);
    for (int i = 0; i < stride * h; i++) img[i] = i * 7;
    brighten(w, h, stride, img, 40);
    long s = 0;
    for (int i = 0; i < stride * h; i++) s += img[i] * (i % 5);
    printf("%ld\n", s);
    return 0;
}
