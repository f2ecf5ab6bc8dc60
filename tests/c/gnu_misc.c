/* Assorted GNU extensions: stray semicolons at file scope and in structs,
 * empty initialisers, zero-length arrays, imaginary constants, `asm inline`,
 * attributes among declaration specifiers, case values with casts and
 * sizeof, empty loop and if bodies, struct declarations in for headers. */
#include <stdio.h>
#include <string.h>

;
struct old_flex {
    int n;
    int data[0]; /* the pre-C99 flexible array member */
    ;
};

static __attribute__((unused)) int spec_attr_1;
static int __attribute__((unused)) spec_attr_2;
int spec_attr_3 __asm__("ferry_spec_attr_3") __attribute__((used)) = 3;

static int kind(unsigned long n)
{
    switch (n) {
    case (int)sizeof(char):
        return 1;
    case sizeof(short):
        return 2;
    case (unsigned char)260:
        return 4;
    default:
        return 0;
    }
}

int main(void)
{
    int empty[3] = {};
    struct { int a, b; } es = {};
    unsigned char buf[sizeof(struct old_flex) + 3 * sizeof(int)];
    memset(buf, 0, sizeof buf);
    struct old_flex *f = (struct old_flex *)buf;
    f->n = 3;
    f->data[2] = 7;
    double _Complex z = 2.0 + 3.0i;
    float _Complex zf = 1.0if;
    int s = 0;
    for (struct { int i, j; } p = {0, 10}; p.i < p.j; p.i++, p.j--)
        s += p.i;
    for (int i = 0, *q = &s; i < 2; i++)
        *q += i;
    do ; while (0);
    if (s) ; else s = -1;
    int v = 0;
    asm inline("" : "+r"(v));
    printf("%d %d %d %zu %d\n", empty[0] + empty[2], es.a + es.b, f->data[2], sizeof(struct old_flex), spec_attr_3);
    printf("%.1f %.1f %.1f\n", __real__ z, __imag__ z, (double)__imag__ zf);
    printf("%d %d %d %d %d %d\n", s, kind(1), kind(2), kind(4), kind(8), v);
    return 0;
}
