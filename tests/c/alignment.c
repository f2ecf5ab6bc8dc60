/* Alignment: _Alignas with a constant and a type, _Alignof, __alignof__,
 * stdalign.h spellings, aligned attributes on variables and members. */
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct aligned_member {
    char c;
    _Alignas(16) int x;
    alignas(double) char d;
};

static _Alignas(32) char big_buffer[64];
static alignas(long double) unsigned char storage[16];
static int attr_aligned __attribute__((aligned(64))) = 1;

typedef struct { char c; double d; } pair;

int main(void)
{
    _Alignas(16) char local[10];
    _Alignas(int) short s = 2;
    printf("%zu %zu %zu %zu\n", _Alignof(char), _Alignof(double), _Alignof(long double), alignof(pair));
    printf("%zu %zu %zu\n", __alignof__(s), __alignof__(struct aligned_member), _Alignof(int[4]));
    printf("%zu %zu\n", sizeof(struct aligned_member), offsetof(struct aligned_member, x));
    printf("%d %d %d %d\n", (int)((uintptr_t)big_buffer % 32), (int)((uintptr_t)local % 16),
           (int)((uintptr_t)&attr_aligned % 64), (int)((uintptr_t)storage % alignof(long double)));
    printf("%d %d\n", s, attr_aligned);
    return 0;
}
