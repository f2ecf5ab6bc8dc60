/* Local arrays of a function and of a loop body: a statement's regions do
   not report the locals it declares, but its callers' arrays are reported. */
// args: 3 | 8
#include <stdio.h>
#include <stdlib.h>

int out[8];

int window_sum(const int *p, int n) {
    int tmp[4];
    for (int k = 0; k < 4; k++)
        tmp[k] = k < n ? p[k] : 0;
    return tmp[0] + tmp[1] + tmp[2] + tmp[3];
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 8;
    if (n > 8)
        n = 8;
    int data[12];
    for (int i = 0; i < 12; i++)
        data[i] = i * i % 7;
    for (int i = 0; i < n; i++) {
        int w[2];
        w[0] = window_sum(data + i, n - i);
        w[1] = data[i];
        out[i] = w[0] - w[1];
    }
    int s = 0;
    for (int i = 0; i < 8; i++)
        s = s * 3 % 10007 + out[i];
    printf("%d %d\n", n, s);
    return 0;
}
