// ferry-test: isolate --label kernel
// ferry-test: run 6 => to=288 from=288
// ferry-test: run 2 => to=96 from=96
// ferry-test: run 0 => to=0 from=0
// An array of structures holding an array of structures holding an array
// of numbers: nodes[i].qs[k].b[1], each subscript inside the element
// stepping by its array's stride (struct q is 12 bytes, b's elements 4),
// checked by the host's offsetof at subscripts 0 and 1.
// Layout (LP64): tag 0, qs 4..40 (q: a 0, b 4..12), weight 40; size 48.
// n: read only, passed by value, 0; i, k local.
// nodes: box over its own subscript [0,n-1], whole elements, field
//        regions may -> load 48n and store 48n.
// n=6: to 288, from 288; n=2: 96 each; n=0: 0.
#include <stdio.h>
#include <stdlib.h>

struct q {
    int a;
    float b[2];
};

struct node {
    char tag;
    struct q qs[3];
    double weight;
};

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    struct node nodes[6];
    for (int i = 0; i < 6; i++) {
        nodes[i].tag = (char)('A' + i);
        nodes[i].weight = 0.25 * i;
        for (int k = 0; k < 3; k++) {
            nodes[i].qs[k].a = 10 * i + k;
            nodes[i].qs[k].b[0] = -1.5f * k;
            nodes[i].qs[k].b[1] = 0;
        }
    }
kernel:
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 3; k++)
            nodes[i].qs[k].b[1] =
                nodes[i].qs[k].a * 0.5f + nodes[i].qs[k].b[0] + (float)nodes[i].weight;
    for (int i = 0; i < 6; i++) {
        printf("%c %.17g", nodes[i].tag, nodes[i].weight);
        for (int k = 0; k < 3; k++)
            printf(" %d %.9g %.9g", nodes[i].qs[k].a, nodes[i].qs[k].b[0], nodes[i].qs[k].b[1]);
        printf("\n");
    }
    return 0;
}
