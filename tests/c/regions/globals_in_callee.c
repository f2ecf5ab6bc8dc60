/* A callee that writes a global array that its caller never names, and
   reads a global through a parameter alias. */
// args: 3 | 7
#include <stdio.h>
#include <stdlib.h>

int log_buf[10];
int nlog;
int data[10];

void record(int v) {
    log_buf[nlog] = v;
    nlog = nlog + 1;
}

void scan(const int *p, int n) {
    for (int i = 0; i < n; i++)
        if (p[i] % 2 == 0)
            record(p[i]);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 7;
    if (n > 10)
        n = 10;
    for (int i = 0; i < 10; i++)
        data[i] = i * 5 % 9;
    scan(data, n);
    int s = nlog;
    for (int i = 0; i < 10; i++)
        s = s * 3 % 10007 + log_buf[i];
    printf("%d %d\n", n, s);
    return 0;
}
