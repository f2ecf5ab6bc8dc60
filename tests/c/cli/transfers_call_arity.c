/* A call with fewer arguments than the callee has parameters (C without
   prototypes allows it; cc refuses it here): the transfers at the
   callee's entry cannot move to it. Once made ferry panic. */
#include <stddef.h>
void memload(void *dst, const void *src, size_t n);
void memstore(void *dst, const void *src, size_t n);
void bar(int i, int j[2], int k[2]) {
    memload(k, j, 8);
    k[0] += i;
    memstore(j, k, 8);
}
void foo(int j[2], int k[2]) {
    bar(0, j);
}
