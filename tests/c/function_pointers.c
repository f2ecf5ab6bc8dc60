/* Function pointers: typedefs of function types and of pointers, functions
 * declared through a function typedef, callback tables in structs, calls
 * through (*f)() and f(), old-style empty parameter lists. */
#include <stdio.h>

typedef int binop_fn(int, int);
typedef binop_fn *binop_ptr;

binop_fn add_op, mul_op; /* declarations through a function typedef */
int add_op(int a, int b) { return a + b; }
int mul_op(int a, int b) { return a * b; }
static int sub_op(int a, int b) { return a - b; }

struct op {
    const char *name;
    binop_ptr fn;
    int (*fallback)(int, int);
};

static const struct op ops[] = {
    {"add", add_op, 0},
    {"mul", &mul_op, add_op},
    {.name = "sub", .fn = sub_op, .fallback = &sub_op},
};

static int fold(const int *v, int n, int init, binop_fn *f)
{
    for (int i = 0; i < n; i++)
        init = (*f)(init, v[i]);
    return init;
}

static int old_style();        /* no prototype */
static int old_style(void) { return 77; }

static void (*callbacks[4])(int *);
static void inc(int *x) { ++*x; }
static void dbl(int *x) { *x *= 2; }

int main(void)
{
    int v[] = {1, 2, 3, 4, 5};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        printf("%s %d %d\n", ops[i].name, fold(v, 5, (int)i, ops[i].fn),
               ops[i].fallback ? ops[i].fallback(10, 3) : -1);
    callbacks[0] = inc;
    callbacks[1] = dbl;
    callbacks[2] = &inc;
    int x = 1;
    for (void (**cb)(int *) = callbacks; *cb; cb++)
        (**cb)(&x);
    binop_ptr chosen = x > 3 ? mul_op : add_op;
    int (*(*table_ptr)[2])(int, int) = &(int (*[2])(int, int)){add_op, sub_op};
    printf("%d %d %d %d\n", x, chosen(6, 7), (*table_ptr)[1](9, 4), old_style());
    return 0;
}
