// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=136 from=136
// ferry-test: run 1 => to=136 from=136
// ferry-test: run 0 => to=136 from=136
// A struct whose field is an array: b.v[i] over i < b.len. The struct has no subscript of its own,
// so it moves whole: sizeof(struct buf) = 4 (len) + 4 (padding) + 16*8 = 136, loaded (read) and stored (written).
// i is local; no other variable.  Every run: to 136, from 136.
#include <stdio.h>
#include <stdlib.h>

struct buf {
    int len;
    double v[16];
};

int main(int argc, char **argv)
{
    struct buf b;
    b.len = atoi(argv[1]);
    for (int i = 0; i < 16; i++)
        b.v[i] = i * 1.5 - 3.0;
kernel:
    for (int i = 0; i < b.len; i++)
        b.v[i] = b.v[i] * 2.0 + i;
    printf("len=%d\n", b.len);
    for (int i = 0; i < 16; i++)
        printf("%.17g\n", b.v[i]);
    return 0;
}
