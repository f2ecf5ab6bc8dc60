/* Harder typedef-name cases: a variable declared with its own typedef's
 * name in block scope, a typedef name as a parameter name and in sizeof.
 * (A typedef name as a label: typedef_label.c.) */
#include <stdio.h>

typedef struct point { int x, y; } point;
typedef int count;

static int area(int count, int point) { return count * point; }

int main(void)
{
    point point = {3, 4}; /* the type is the typedef, then `point` is a variable */
    int r = point.x * point.y;
    r += (int)sizeof point;
    {
        count n = 2;
        r += n;
    }
    r += area(2, 5);
    printf("%d\n", r);
    return 0;
}
