/* Scalars written through pointers kept in globals, through swap, and
   through pointers into the caller's frame. */
#include <stdio.h>

int g = 1;
int *gp = &g;

void poke(void) {
    *gp = *gp + 10;
}

void swap(int *a, int *b) {
    int t = *a;
    *a = *b;
    *b = t;
}

int main(void) {
    int before = g;
    poke();
    int after = g;
    int x = 3, y = 4;
    swap(&x, &y);
    int diff = x - y;
    int local = 0;
    gp = &local;
    poke();
    poke();
    int *ptrs[2] = {&x, &y};
    for (int i = 0; i < 2; i++)
        *ptrs[i] = i * 100;
    int sum = x + y + local + g;
    printf("%d %d %d %d %d %d %d\n", before, after, x, y, diff, local, sum);
    return 0;
}
