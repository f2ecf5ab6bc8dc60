// ferry-test: isolate --label kernel
// ferry-test: run 8 => to=160 from=160
// ferry-test: run 3 => to=60 from=60
// ferry-test: run 0 => to=0 from=0
// Array of structs with an array field: rows[i].w[j]; struct row is {int id; float w[4];}, 20 bytes.
// n: read only, passed by value, 0; i, j local.
// rows: box over its own subscript [0,n-1] (w's subscript is inside the element), whole elements,
//       may -> load 20n and store 20n.
// n=8: to 160, from 160; n=3: to 60, from 60; n=0: to 0, from 0.
#include <stdio.h>
#include <stdlib.h>

struct row {
    int id;
    float w[4];
};

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    struct row rows[8];
    for (int i = 0; i < 8; i++) {
        rows[i].id = 3 * i + 1;
        for (int j = 0; j < 4; j++)
            rows[i].w[j] = 0.25f * j - i;
    }
kernel:
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 4; j++)
            rows[i].w[j] += rows[i].id * 0.5f;
    for (int i = 0; i < 8; i++) {
        printf("%d", rows[i].id);
        for (int j = 0; j < 4; j++)
            printf(" %.9g", rows[i].w[j]);
        printf("\n");
    }
    return 0;
}
