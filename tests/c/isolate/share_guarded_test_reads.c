// ferry-test: isolate --pragma
// ferry-test: run 4 10 => to=192 from=192
// The `if` around the marked statement tests a[0], which the statement
// writes: the host must see every step's a, so a does not leave the loop
// (were it stored only after the loop, the test would go on reading the
// first value and the statement would run in all ten steps).
// The statement: n (read only, passed by value: 0); a: IN [0,n-1],
// W [0,n-1] exact -> 8n in, 8n out, in every step it runs.
// a[0]: 1, 3, 7, 15, 31, 63, 127: six runs.
// 4 10: to = 6*32 = 192, from = 6*32 = 192.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), steps = atoi(argv[2]);
    double a[16];
    for (int i = 0; i < 16; i++)
        a[i] = i + 1;
    for (int t = 0; t < steps; t++) {
        if (a[0] < 100) {
#pragma ferry isolate
            for (int i = 0; i < n; i++)
                a[i] = a[i] * 2 + 1;
        }
    }
    for (int i = 0; i < 16; i++)
        printf("%g\n", a[i]);
    return 0;
}
