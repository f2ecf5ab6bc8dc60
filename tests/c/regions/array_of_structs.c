/* Arrays of structs: p[i].x, pts[i].y through a pointer parameter, and
   whole-struct copies. */
// args: 2 | 6
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int x, y;
} point;

point pts[8];
point saved[8];

void shift(point *p, int n, int dx) {
    for (int i = 0; i < n; i++)
        p[i].x = p[i].x + dx;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 6;
    if (n > 8)
        n = 8;
    for (int i = 0; i < 8; i++) {
        pts[i].x = i;
        pts[i].y = 10 - i;
    }
    shift(pts + 1, n - 1, 5);
    for (int i = 0; i < n; i++)
        saved[i] = pts[7 - i];
    int s = 0;
    for (int i = 0; i < 8; i++)
        s = s * 3 % 10007 + pts[i].x * 2 + pts[i].y + saved[i].x;
    printf("%d %d\n", n, s);
    return 0;
}
