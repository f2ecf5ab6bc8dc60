/* A loop that writes every element but one: for (i...) if (i != 3) a[i] = 0. */
// args: 2 | 4 | 9
#include <stdio.h>
#include <stdlib.h>

int a[16];

void clear_but_three(int n) {
    int i;
    for (i = 0; i < n; i++)
        if (i != 3)
            a[i] = 0;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 9;
    if (n > 16)
        n = 16;
    for (int i = 0; i < 16; i++)
        a[i] = i + 1;
    clear_but_three(n);
    int sum = 0;
    for (int i = 0; i < 16; i++)
        sum = sum * 3 + a[i];
    printf("%d %d\n", n, sum);
    return 0;
}
