// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=80 from=80
// ferry-test: run 1 => to=8 from=8
// ferry-test: run 0 => to=0 from=0
// A struct whose field is an array: b.v[i] over i < b.len. b is used only member by member,
// so b.len is a variable of its own (a scalar the statement reads: passed by value) and
// b.v an array of its own, of which the loop reads and writes b.v[0..len-1].
// i is local; no other variable.  8*len bytes each way: len 10 -> 80, 1 -> 8, 0 -> 0.
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
