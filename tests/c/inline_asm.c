/* Inline assembly: basic asm at file scope and in functions, extended asm
 * with outputs, inputs, clobbers, named operands, asm goto, and asm labels
 * on declarations. x86-64 only for the `mov`. */
#include <stdio.h>
#include <stdlib.h>

__asm__("# ferry test: file-scope asm");

/* Asm labels: the symbol names used for these declarations. */
int counter_value __asm__("ferry_counter_symbol") = 41;
extern int libc_abs(int) __asm__("abs");
static int helper(int) __asm__("ferry_helper_symbol");
static int helper(int x) { return x + 1; }

static int copy(int y)
{
    int x;
    __asm__("mov %1, %0" : "=r"(x) : "r"(y));
    return x;
}

static int named(int a, int b)
{
    int out = a;
    __asm__ __volatile__("add %[b], %[out]" : [out] "+r"(out) : [b] "r"(b) : "cc");
    return out;
}

static int jump(int x)
{
    asm goto("" :::: skip);
    x += 1;
skip:
    return x;
}

int main(void)
{
    int v = 0;
    __asm__ volatile("" ::: "memory");
    asm("nop");
    asm volatile("" : : "r"(v));
    __asm__ __volatile__("" : "+m"(v));
    counter_value++;
    printf("%d %d %d %d %d %d\n", copy(42), named(40, 2), counter_value, libc_abs(-7), helper(1), jump(5));
    return 0;
}
