typedef unsigned long size_t;
typedef struct node { struct node *next; int v[4]; union { float f; int i; } u; unsigned bits : 3; } node_t;
enum color { RED, GREEN = 4, BLUE, };
typedef int (*handler)(void *, const char *restrict, ...);
static node_t *head;
extern handler table[3][2];
_Static_assert(sizeof(node_t) > 0, "size");
int f(node_t *p, size_t n) { int T = 0; { typedef int T; T x = 1; n += x; } T = 2; return T + (int)n + p->v[0]; }
