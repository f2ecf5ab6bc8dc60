/* Designated initialisers: fields, array indices, nested designators, GNU
 * ranges, the old GNU `field:` form, brace elision and overriding. */
#include <stdio.h>

struct point { int x, y; };
struct rect { struct point lo, hi; const char *name; };
struct grid { int cells[3][3]; struct point marks[2]; };

static int squares[10] = {[0 ... 3] = 1, [4 ... 6] = 2, [9] = 9};
static const char *days[] = {[1] = "mon", [5] = "fri", [0] = "sun"};
static struct rect r = {.hi = {.x = 10, .y = 20}, .lo.x = -1, .name = "r"};
static struct grid g = {.cells = {[1][1] = 5, [2] = {7, 8, 9}}, .marks[1].y = 3, .marks[0] = {1, 2}};
static struct point old_style = {y: 7, x: 6};
static int mixed[] = {1, 2, [5] = 6, 7, [2] = 3};
static char word[8] = {[0] = 'h', 'i', [4 ... 6] = '!'};
static struct point pts[4] = {[3].y = 4, [0 ... 1] = {.x = 1}, {9, 9}};

int main(void)
{
    int s = 0;
    for (int i = 0; i < 10; i++)
        s = s * 3 + squares[i];
    printf("squares %d\n", s);
    printf("days %s %s %s %zu\n", days[0], days[1], days[5], sizeof days / sizeof days[0]);
    printf("rect %d %d %d %d %s\n", r.lo.x, r.lo.y, r.hi.x, r.hi.y, r.name);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            printf("%d%c", g.cells[i][j], j == 2 ? '\n' : ' ');
    printf("marks %d %d %d %d\n", g.marks[0].x, g.marks[0].y, g.marks[1].x, g.marks[1].y);
    printf("old %d %d\n", old_style.x, old_style.y);
    for (size_t i = 0; i < sizeof mixed / sizeof *mixed; i++)
        printf("%d ", mixed[i]);
    printf("\n");
    for (int i = 0; i < 8; i++)
        printf("%d ", word[i]);
    printf("\n");
    for (int i = 0; i < 4; i++)
        printf("(%d,%d) ", pts[i].x, pts[i].y);
    printf("\n");

    int local[5] = {[4] = 4, [1 ... 2] = -1};
    struct rect lr = {{1, 2}, {3, 4}, "local"};
    struct { int a[2]; struct point p; } nested = {{5, 6}, {.y = 8}};
    printf("%d %d %d %d %s %d %d %d\n", local[0] + local[1] + local[4], lr.lo.y, lr.hi.x, lr.hi.y, lr.name,
           nested.a[1], nested.p.x, nested.p.y);
    return 0;
}
