/* Nested calls: each level passes an offset pointer further down. */
// args: 2 | 5
#include <stdio.h>
#include <stdlib.h>

int buf[32];

void leaf(int *p, int len) {
    for (int k = 0; k < len; k++)
        p[k] = p[k] * 2 + 1;
}

void middle(int *p, int len) {
    leaf(p + 1, len - 1);
    p[0] = -p[0];
}

void top(int *p, int parts, int len) {
    for (int j = 0; j < parts; j++)
        middle(p + j * len, len);
}

int main(int argc, char **argv) {
    int parts = argc > 1 ? atoi(argv[1]) : 5;
    if (parts > 5)
        parts = 5;
    for (int i = 0; i < 32; i++)
        buf[i] = i;
    top(buf + 2, parts, 6);
    int s = 0;
    for (int i = 0; i < 32; i++)
        s = s * 3 % 10007 + buf[i];
    printf("%d %d\n", parts, s);
    return 0;
}
