/* Unions: punning, designated member initialisation, anonymous unions inside
 * structs, unions of structs, and unions as function arguments. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

union word {
    uint32_t u;
    float f;
    unsigned char bytes[4];
};

struct value {
    enum { V_INT, V_DBL, V_STR } kind;
    union {
        long i;
        double d;
        const char *s;
    };
};

union shape {
    struct { int w, h; } rect;
    struct { int r; } circle;
};

static void show(struct value v)
{
    switch (v.kind) {
    case V_INT: printf("int %ld\n", v.i); break;
    case V_DBL: printf("dbl %.2f\n", v.d); break;
    case V_STR: printf("str %s\n", v.s); break;
    }
}

static int area(union shape s, int is_rect)
{
    return is_rect ? s.rect.w * s.rect.h : 3 * s.circle.r * s.circle.r;
}

int main(void)
{
    union word w = {.f = 1.0f};
    printf("%08x %zu\n", w.u, sizeof w);
    union word w2 = {0x01020304u};
    int sum = 0;
    for (int i = 0; i < 4; i++)
        sum = sum * 10 + w2.bytes[i];
    printf("bytes %d\n", sum);

    struct value vs[] = {{V_INT, {.i = 42}}, {.kind = V_DBL, .d = 2.5}, {.kind = V_STR, .s = "hi"}};
    for (size_t i = 0; i < sizeof vs / sizeof vs[0]; i++)
        show(vs[i]);

    union shape a = {.rect = {3, 4}};
    union shape c;
    memset(&c, 0, sizeof c);
    c.circle.r = 2;
    printf("areas %d %d\n", area(a, 1), area(c, 0));
    return 0;
}
