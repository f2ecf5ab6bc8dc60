# 1 "gnu.c"
# 1 "/usr/include/stdio.h" 1 3 4
extern int printf(const char *__restrict __format, ...) __attribute__((__nonnull__(1)));
# 2 "gnu.c" 2
static inline __attribute__((always_inline)) int sq(int x) { return ({ int y = x; y * y; }); }
int h(int x) {
#pragma omp parallel for
    for (int i = 0; i < x; i++) __asm__ volatile ("nop" ::: "memory");
    __typeof__(x) z = _Generic(x, int: 1, default: 2);
    return z + __builtin_offsetof(struct { int a; int b; }, b) + sq(x);
}
