/* IN regions: what a statement reads before it writes it. A prefix sum
   reads a[i-1] after writing it; a swap reads both ends first. */
// args: 3 | 10
#include <stdio.h>
#include <stdlib.h>

int a[16], t[16];

void prefix(int n) {
    for (int i = 1; i < n; i++)
        a[i] = a[i] + a[i - 1];
}

void reverse(int n) {
    for (int i = 0; i < n / 2; i++) {
        int x = a[i];
        a[i] = a[n - 1 - i];
        a[n - 1 - i] = x;
    }
}

void through_temp(int n) {
    for (int i = 0; i < n; i++) {
        t[i] = a[i] * 2;
        a[i] = t[i] + t[0];
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n > 16)
        n = 16;
    for (int i = 0; i < 16; i++)
        a[i] = i % 5;
    prefix(n);
    reverse(n);
    through_temp(n);
    int s = 0;
    for (int i = 0; i < 16; i++)
        s = s * 3 % 10007 + a[i] + t[i];
    printf("%d %d\n", n, s);
    return 0;
}
