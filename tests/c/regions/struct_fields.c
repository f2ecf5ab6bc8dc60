/* Arrays inside structs: s.f[i], s.in.v[i], and a struct passed by address. */
// args: 3 | 7
#include <stdio.h>
#include <stdlib.h>

struct inner {
    int tag;
    int v[8];
};

struct outer {
    int f[8];
    struct inner in;
    int count;
};

struct outer s;

void bump(struct outer *q, int n) {
    for (int i = 0; i < n; i++)
        q->in.v[i] += q->f[i];
    q->count = n;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 7;
    if (n > 8)
        n = 8;
    for (int i = 0; i < n; i++)
        s.f[i] = i * i;
    for (int i = 0; i < 8; i++)
        s.in.v[i] = 1;
    bump(&s, n);
    s.in.tag = s.f[n - 1];
    int t = s.count + s.in.tag;
    for (int i = 0; i < 8; i++)
        t = t * 3 % 10007 + s.in.v[i] + s.f[i];
    printf("%d %d\n", n, t);
    return 0;
}
