/* Writes through pointers to scalar variables: their values change. */
#include <stdio.h>

void set(int *p, int v) {
    *p = v;
}

void bump(int *p) {
    (*p)++;
}

int main(void) {
    int k = 1;
    int *p = &k;
    *p = 5;
    int m = k + 1;
    printf("%d %d\n", k, m);
    set(&k, 42);
    int n = k;
    printf("%d\n", n);
    int i = 0;
    while (i < 10)
        bump(&i);
    printf("%d\n", i);
    int arr[3] = {0, 0, 0};
    int *q = arr;
    q[1] = 7;
    int j = 0;
    int *pj = &j;
    for (j = 0; j < 5; j++)
        *pj += 1;
    printf("%d %d\n", arr[1], j);
    return 0;
}
