// ferry-test: isolate --label kernel
// ferry-test: run 8 => to=576 from=576
// ferry-test: run 3 => to=216 from=216
// ferry-test: run 0 => to=0 from=0
// An array of structures whose fields kernels reach through views of each
// field type: char, short, int, long, double (through a nested structure),
// unsigned char (through an anonymous member), a 2-D float array field,
// two int members of an anonymous union (one view); a pointer field the
// kernel does not reach.
// Layout (LP64): tag 0, level 2, id and serial 4, pos.x 8, pos.y 16, w 24..47,
// count 48, name 56, r 64, g 65; size 72 (a multiple of 8).
// n: read only, passed by value, 0; i, k local.
// ps: box over its own subscript [0,n-1], whole elements, field regions
//     may -> load 72n and store 72n.
// n=8: to 576, from 576; n=3: to 216, from 216; n=0: to 0, from 0.
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    char tag;
    short level;
    union {
        int id;
        int serial;
    };
    struct {
        double x, y;
    } pos;
    float w[2][3];
    long count;
    const char *name;
    struct {
        unsigned char r, g;
    };
} particle;

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    particle ps[8];
    for (int i = 0; i < 8; i++) {
        ps[i].tag = (char)('a' + i);
        ps[i].level = (short)(3 - i);
        ps[i].id = 100 * i - 7;
        ps[i].pos.x = i * 0.75;
        ps[i].pos.y = 2.5 - i;
        for (int k = 0; k < 3; k++) {
            ps[i].w[0][k] = 0.5f * k + i;
            ps[i].w[1][k] = -1.0f;
        }
        ps[i].count = 1000000000L * i;
        ps[i].name = "particle";
        ps[i].r = (unsigned char)(250 + i);
        ps[i].g = (unsigned char)(252 + i);
    }
kernel:
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 3; k++)
            ps[i].w[1][k] = ps[i].w[0][k] * (float)ps[i].level + ps[i].r;
        ps[i].pos.x += ps[i].pos.y * 0.5;
        ps[i].count = ps[i].count * 3 + ps[i].id - ps[i].tag;
        ps[i].serial += i;
        ps[i].g = (unsigned char)(ps[i].g + 1);
    }
    for (int i = 0; i < 8; i++) {
        printf("%c %d %d %.17g %.17g %ld %s %u %u", ps[i].tag, ps[i].level, ps[i].id,
               ps[i].pos.x, ps[i].pos.y, ps[i].count, ps[i].name, ps[i].r, ps[i].g);
        for (int k = 0; k < 3; k++)
            printf(" %.9g %.9g", ps[i].w[0][k], ps[i].w[1][k]);
        printf("\n");
    }
    return 0;
}
