/* Typedef names reused as struct, union and enum tags and as member names. */
#include <stdio.h>

typedef struct node node;
struct node {
    int node; /* a member named like the typedef and tag */
    node *next;
};

typedef struct point { int x, y; } point;
typedef union number { int i; float f; } number;
typedef enum color { RED, GREEN } color;

struct holder {
    point point;   /* member named like its type */
    number number;
    color color;
    int size;
};

typedef int size;

static int sum_list(const node *n)
{
    int s = 0;
    for (; n; n = n->next)
        s += n->node;
    return s;
}

int main(void)
{
    node c = {3, 0}, b = {2, &c}, a = {1, &b};
    struct holder h = {.point = {1, 2}, .number = {.i = 4}, .color = GREEN, .size = 5};
    struct point p2 = h.point;
    union number n2 = h.number;
    enum color col = h.color;
    size s = (size)sizeof(struct holder);
    printf("%d %d %d %d %d %d %d\n", sum_list(&a), p2.x + p2.y, n2.i, (int)col, h.size, s > 0, RED);
    return 0;
}
