/* sizeof and casts: sizeof of expressions and types, of a compound
 * literal, of parenthesised expressions, of string literals, of
 * dereferenced and indexed pointers, nested in arithmetic. */
#include <stdio.h>

struct s { char c; double d; int a[3]; };

int main(void)
{
    int x = 0;
    int arr[10];
    struct s v;
    struct s *p = &v;
    size_t sizes[] = {
        sizeof x,
        sizeof(x),
        sizeof(int),
        sizeof (int){1},
        sizeof(int[5]){0},
        sizeof *p,
        sizeof p->a,
        sizeof p->a[0],
        sizeof arr / sizeof arr[0],
        sizeof(arr) / sizeof(arr[0]),
        sizeof "abc",
        sizeof(struct s),
        sizeof(x + 1.0),
        sizeof(char) + 1,
        sizeof -x,
        sizeof(x)++,
        sizeof(long double *),
        sizeof(int (*)[3]),
        sizeof &arr,
        sizeof arr + 1,
    };
    size_t total = 0;
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        printf("%zu ", sizes[i]);
        total += sizes[i] * (i + 1);
    }
    printf("\ntotal %zu x %d\n", total, x);
    return 0;
}
