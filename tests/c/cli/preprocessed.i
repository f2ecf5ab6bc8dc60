# 0 "prog.c"
# 0 "<built-in>"
# 0 "<command-line>"
# 1 "prog.c"
# 1 "geometry.h" 1
typedef double real;
struct point { real x, y; };
static real dot(struct point a, struct point b) { return a.x * b.x + a.y * b.y; }
# 2 "prog.c" 2
int printf(const char *, ...);

int main(void)
{
    struct point p = {1, 2};
    printf("%g\n", dot(p, p));
    return 0;
}
