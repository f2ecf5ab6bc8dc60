/* Compound literals: arrays, structs, at file scope, as arguments, as
 * lvalues, with designators and qualifiers. */
#include <stdio.h>

struct point { int x, y; };

static int *global_ptr = (int[]){4, 5, 6};
static struct point origin = {0, 0};

static int sum(const int *a, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

static int manhattan(struct point a, struct point b)
{
    int dx = a.x - b.x, dy = a.y - b.y;
    return (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
}

int main(void)
{
    int *p = (int[]){1, 2, 3, 4};
    p[1] = 20;
    struct point *pp = &(struct point){.y = 3, .x = 2};
    pp->x *= 10;
    int total = sum(p, 4) + sum((int[3]){7, 8, 9}, 3) + sum(global_ptr, 3);
    int d = manhattan((struct point){1, 1}, (struct point){.x = -2, .y = 5});
    (struct point){0, 0}.x = 5; /* a modifiable lvalue, discarded */
    const char *msg = (const char[]){"literal"};
    int len = (int)sizeof((char[]){"abc"});
    double avg = ((double[2]){1.5, 2.5})[0] + ((double[2]){1.5, 2.5})[1];
    struct point grid[2] = {(struct point){1, 2}, origin};
    int idx = (int[]){[3] = 7}[3];
    printf("%d %d %d %d %s %d %.1f %d %d %d\n", total, pp->x, pp->y, d, msg, len, avg, grid[0].y,
           grid[1].x, idx);
    for (int i = 0; i < 3; i++) {
        struct point *q = &(struct point){i, i * i};
        printf("(%d,%d)", q->x, q->y);
    }
    printf("\n");
    return 0;
}
