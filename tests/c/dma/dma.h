/* The DMA primitives of the paper's examples (section 4): memload copies
   host memory into accelerator memory, memstore copies it back. The test
   programs that call them are given dma.c as a second file. */
#ifndef FERRY_TEST_DMA_H
#define FERRY_TEST_DMA_H
#include <stddef.h>

void memload(void *dst, const void *src, size_t n);
void memstore(void *dst, const void *src, size_t n);

#endif
