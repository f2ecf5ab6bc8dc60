/* Declarator forms: pointers to arrays, arrays of function pointers,
 * functions returning function pointers, abstract declarators in casts and
 * sizeof, qualified pointers. */
#include <stdio.h>

static int add1(int x) { return x + 1; }
static int dbl(int x) { return x * 2; }
static int neg(int x) { return -x; }

/* A function returning a pointer to a function. */
static int (*pick(int which))(int)
{
    return which ? dbl : add1;
}

typedef int (*unop)(int);
typedef int arr3[3];

/* An array of pointers to functions returning pointers to arrays. */
static int row_data[3] = {4, 5, 6};
static int (*get_row(void))[3] { return &row_data; }
static int (*(*row_getters[2])(void))[3] = {get_row, get_row};

/* A function returning a pointer to a function returning a function pointer. */
static unop (*meta(void))(int) { return pick; }

/* The same, spelled without the typedef. */
static int (*(*meta2(void))(int))(int) { return pick; }

static int table[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};

/* A function returning a pointer to an array. */
static int (*row(int i))[4] { return &table[i]; }

static int sum_row(int (*r)[4])
{
    int s = 0;
    for (int i = 0; i < 4; i++)
        s += (*r)[i];
    return s;
}

/* A prototype in the style of signal(): a function taking a function pointer
 * and returning one. */
static void (*install(int sig, void (*handler)(int)))(int);
static void handler_a(int s) { printf("handler_a %d\n", s); }
static void (*current)(int) = handler_a;
static void (*install(int sig, void (*handler)(int)))(int)
{
    void (*old)(int) = current;
    current = handler;
    handler(sig);
    return old;
}
static void handler_b(int s) { printf("handler_b %d\n", s * 10); }

/* An empty parameter list in a definition (no prototype). */
static int no_prototype() { return 11; }

/* Unnamed parameters with abstract declarators. */
static int apply_all(int (*[])(int), int, int);
static int apply_all(int (*fs[])(int), int n, int x)
{
    for (int i = 0; i < n; i++)
        x = fs[i](x);
    return x;
}

int main(void)
{
    int (*p)[4] = table;                   /* pointer to array */
    int *q[3];                             /* array of pointers */
    int (*fns[3])(int) = {add1, dbl, neg}; /* array of function pointers */
    int (*(*pfns)[3])(int) = &fns;         /* pointer to array of function pointers */
    int (**pp)(int) = fns;
    const char *const names[] = {"add1", "dbl", "neg"};
    int acc = 0;
    for (int i = 0; i < 3; i++) {
        q[i] = &table[i][i];
        acc += (*pfns)[i](i + 3) + pp[i](1) + *q[i];
        printf("%s(%d) = %d\n", names[i], i + 3, fns[i](i + 3));
    }
    acc += pick(1)(10) + pick(0)(10) + meta()(1)(7) + meta2()(0)(7);
    acc += sum_row(p + 1) + sum_row(row(2)) + (*row(0))[3];

    /* Abstract declarators in casts and sizeof. */
    void *vp = (void *)p;
    int (*back)[4] = (int (*)[4])vp;
    acc += back[1][1];
    printf("sizes %zu %zu %zu %zu %zu %zu\n", sizeof(int (*)[4]), sizeof(int[3][4]),
           sizeof(int (*[3])(int)), sizeof(char (*(*)(void))[2]), sizeof(int *(*)[5]),
           sizeof(int (*const *)(double, ...)));
    acc += (int (*)(int))add1 == pick(0);

    int x = 5;
    int *const cp = &x;
    const int *pc = &x;
    int *volatile *const pvp = (int *volatile *)&q[0];
    int **ppi = &q[1];
    *cp += *pc + **pvp + **ppi;
    acc += x;

    int (*const cfp)(int) = neg;
    acc += cfp(acc);
    acc += apply_all(fns, 3, 4);

    void (*prev)(int) = install(3, handler_b);
    prev(1);
    install(4, prev);
    arr3 a3 = {1, 2, 3};
    arr3 *pa3 = &a3;
    acc += (*pa3)[2] + (*row_getters[1]())[0];
    int *ip, iarr[3], (*ifp)(void) = 0, **ipp = &ip;
    ip = iarr;
    iarr[0] = no_prototype();
    acc += **ipp + (ifp == 0) + (int)sizeof(struct { int a; char b; });
    printf("acc %d\n", acc);
    return 0;
}
