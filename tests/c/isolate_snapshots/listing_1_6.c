/* Listing 1.6 of the paper: memload / memstore are DMA transfers between
   host memory (j) and accelerator memory (k). */
#include <stddef.h>

void memload(void *dst, const void *src, size_t n);
void memstore(void *dst, const void *src, size_t n);

void bar(int i, int j[2], int k[2]) {
    while (i-- >= 0) {
        memload(k, j, sizeof(int) * 2);
        k[0]++;
        memstore(j, k, sizeof(int) * 2);
    }
}

void foo(int j[2], int k[2]) {
    bar(0, j, k);
    bar(1, j, k);
}
