// ferry-test: isolate --label kernel
// ferry-test: run 5 => to=45 from=45
// ferry-test: run 0 => to=0 from=0
// A packed structure: its double sits at offset 1, where C's rules would
// not put it, and no view of the buffer reaches it (refused for the
// kernel targets); the host simulation moves whole elements, 9 bytes each.
// n: read only, passed by value, 0.
// p: box [0,n-1] of whole elements, may -> load 9n, store 9n.
// n=5: to 45, from 45; n=0: 0.
#include <stdio.h>
#include <stdlib.h>

struct __attribute__((packed)) sample {
    char channel;
    double value;
};

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    struct sample p[5];
    for (int i = 0; i < 5; i++) {
        p[i].channel = (char)i;
        p[i].value = i * 0.25;
    }
kernel:
    for (int i = 0; i < n; i++)
        p[i].value = p[i].value * p[i].channel + 1;
    for (int i = 0; i < 5; i++)
        printf("%d %.17g\n", p[i].channel, p[i].value);
    return 0;
}
