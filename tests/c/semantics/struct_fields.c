/* Integer struct fields next to scalar variables. */
#include <stdio.h>

struct point {
    int x, y;
};

struct point origin;

void move(struct point *p, int dx) {
    p->x += dx;
    p->y -= dx;
}

int main(void) {
    struct point p = {1, 2};
    int n = 0;
    for (int i = 0; i < 5; i++) {
        p.x = p.x + 1;
        n++;
    }
    move(&p, 3);
    origin.x = n;
    move(&origin, -1);
    int s = p.x + p.y + origin.x + origin.y;
    printf("%d %d %d %d %d\n", p.x, p.y, origin.x, n, s);
    return 0;
}
