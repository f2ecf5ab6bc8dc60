#include <stdio.h>
#include <stdlib.h>
#include "src/webp/decode.h"
#include "src/webp/encode.h"

static unsigned long checksum(const unsigned char *p, size_t n)
{
    unsigned long s = 0;
    for (size_t i = 0; i < n; i++)
        s = s * 31 + p[i];
    return s;
}

static void decode(const unsigned char *data, size_t n)
{
    int w, h;
    unsigned char *rgb = WebPDecodeRGB(data, n, &w, &h);
    printf("decoded %dx%d: %lu\n", w, h, rgb ? checksum(rgb, (size_t)w * h * 3) : 0);
    WebPFree(rgb);
}

int main(int argc, char **argv)
{
    int w = argc > 1 ? atoi(argv[1]) : 64, h = w * 3 / 4 + 1;
    unsigned char *rgb = malloc((size_t)w * h * 3);
    if (!rgb)
        return 1;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            unsigned char *p = rgb + (y * w + x) * 3;
            p[0] = (x * 7 + y * 3) & 255;
            p[1] = ((x ^ y) * 5) & 255;
            p[2] = (x * y / 3) & 255;
        }
    unsigned char *out = 0;
    size_t n = WebPEncodeRGB(rgb, w, h, w * 3, 75, &out);
    printf("lossy %dx%d: %zu bytes, %lu\n", w, h, n, checksum(out, n));
    decode(out, n);
    WebPFree(out);
    n = WebPEncodeLosslessRGB(rgb, w, h, w * 3, &out);
    printf("lossless: %zu bytes, %lu\n", n, checksum(out, n));
    decode(out, n);
    WebPFree(out);
    free(rgb);
    return 0;
}
