/* Structs with bit-fields (named, unnamed, zero-width), anonymous struct and
 * union members, nested definitions and a flexible array member. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct flags {
    unsigned ready : 1;
    unsigned mode : 3;
    signed level : 4;
    unsigned : 2;
    unsigned long wide : 40;
    unsigned : 0;
    unsigned char tail : 5, tail2 : 3;
    _Bool b : 1;
};

struct packet {
    int kind;
    union {
        struct {
            unsigned short port;
            unsigned short len;
        };
        unsigned int raw;
    };
    struct {
        int x, y;
    } pos;
    struct inner {
        char tag;
        int value;
    } in;
};

typedef unsigned int u32;
enum level { LOW, MID, HIGH };
struct typed_bits {
    u32 count : 7;
    enum level lvl : 2;
    const int frozen : 3;
    volatile unsigned live : 4;
};

struct buffer {
    size_t len;
    int data[];
};

int main(void)
{
    struct flags f = {0};
    f.ready = 1;
    f.mode = 5;
    f.level = -3;
    f.wide = 0x123456789AUL;
    f.tail = 31;
    f.tail2 = 7;
    f.b = 1;
    f.mode++;
    f.tail += 1; /* wraps to 0 */
    printf("%u %u %d %lx %u %u %d size %zu\n", f.ready, f.mode, f.level, (unsigned long)f.wide,
           f.tail, f.tail2, f.b, sizeof f);

    struct packet p;
    memset(&p, 0, sizeof p);
    p.kind = 2;
    p.port = 8080;
    p.len = 64;
    p.pos.x = -1;
    p.pos.y = 4;
    p.in.tag = 'z';
    p.in.value = 99;
    struct inner copy = p.in;
    printf("%d %u %u %d %d %c %d\n", p.kind, p.port, p.len, p.pos.x, p.pos.y, copy.tag, copy.value);
    printf("raw nonzero %d\n", p.raw != 0);

    struct typed_bits tb = {100, HIGH, -2, 9};
    tb.count++;
    tb.live += 7;
    printf("typed %u %d %d %u %zu\n", tb.count, (int)tb.lvl, tb.frozen, tb.live, sizeof tb);

    struct buffer *b = malloc(sizeof *b + 4 * sizeof(int));
    b->len = 4;
    for (size_t i = 0; i < b->len; i++)
        b->data[i] = (int)(i * i);
    int s = 0;
    for (size_t i = 0; i < b->len; i++)
        s += b->data[i];
    printf("flex %zu %d\n", b->len, s);
    free(b);
    return 0;
}
