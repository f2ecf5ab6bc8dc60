/* _Bool and stdbool.h: conversions, arithmetic, bit-fields, arrays. */
#include <stdbool.h>
#include <stdio.h>

static _Bool is_even(int x) { return x % 2 == 0; }

static bool all(const bool *v, int n)
{
    for (int i = 0; i < n; i++)
        if (!v[i])
            return false;
    return true;
}

struct opts { _Bool verbose : 1; bool quiet; };

int main(void)
{
    int count0 = 0;
    _Bool b = 42;          /* converts to 1 */
    _Bool z = 0.0;         /* 0 */
    int *ptr = &count0;
    _Bool p = ptr;         /* non-null pointer: 1 */
    bool flags[4] = {true, true, false, true};
    int count = 0;
    for (int i = 0; i < 10; i++)
        count += is_even(i);
    count += count0;
    int two = b + b;
    _Bool t = two;         /* 2 converts to 1 */
    struct opts o = {.verbose = 3, .quiet = !b};
    printf("%d %d %d %d %d %d %d %d %zu\n", b, z, p, count, all(flags, 4), all(flags, 2), t, o.verbose,
           sizeof(_Bool));
    printf("%d %d %d\n", (_Bool)0.5, (bool)-1, true + true);
    return 0;
}
