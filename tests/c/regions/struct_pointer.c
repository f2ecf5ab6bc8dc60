/* A struct with an array and a length, handled through a pointer
   parameter: q->data[i], q->len, and an array of such structs. */
// args: 1 | 4
#include <stdio.h>
#include <stdlib.h>

struct vec {
    int len;
    int data[6];
};

struct vec vs[3];

void push(struct vec *q, int v) {
    q->data[q->len] = v;
    q->len = q->len + 1;
}

int total(const struct vec *q) {
    int s = 0;
    for (int i = 0; i < q->len; i++)
        s += q->data[i];
    return s;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 4;
    if (n > 6)
        n = 6;
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < n; i++)
            push(&vs[k], 10 * k + i);
    int s = 0;
    for (int k = 0; k < 3; k++)
        s = s * 7 + total(vs + k) + vs[k].len;
    printf("%d %d\n", n, s);
    return 0;
}
