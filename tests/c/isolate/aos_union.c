// ferry-test: isolate --label kernel
// ferry-test: run 6 => to=96 from=96
// ferry-test: run 0 => to=0 from=0
// An array of structures holding a union whose members are written as a
// float in some elements and as an int in others: the same bytes written
// through two types in one kernel (the loop is sequential, as the union's
// members may overlap: its `if` is one kernel), which restrict views of
// the buffer cannot give (refused for the kernel targets); the host
// simulation moves whole elements.
// struct value is {int kind; union {int i; float f;} as; double w;}: 16 bytes.
// n: read only, passed by value, 0.
// v: box [0,n-1] of whole elements, may -> load 16n, store 16n.
// n=6: to 96, from 96; n=0: 0.
#include <stdio.h>
#include <stdlib.h>

struct value {
    int kind;
    union {
        int i;
        float f;
    } as;
    double w;
};

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    struct value v[6];
    for (int i = 0; i < 6; i++) {
        v[i].kind = i % 2;
        if (v[i].kind)
            v[i].as.f = 0.5f * i;
        else
            v[i].as.i = 10 * i;
        v[i].w = 0;
    }
kernel:
    for (int i = 0; i < n; i++)
        if (v[i].kind)
            v[i].as.f = v[i].as.f * 2;
        else
            v[i].as.i = v[i].as.i + 1;
    for (int i = 0; i < 6; i++)
        printf("%d %.9g %d %.17g\n", v[i].kind, v[i].kind ? v[i].as.f : 0.0f,
               v[i].kind ? 0 : v[i].as.i, v[i].w);
    return 0;
}
