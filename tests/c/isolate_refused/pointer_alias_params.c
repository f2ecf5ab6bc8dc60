// ferry-test: isolate --function shift
// ferry-test: refuse dst_alias
// Two pointer parameters, one assigned from the other inside the function: they alias,
// and the memory behind dst_alias can no longer be told apart from src.
#include <stdio.h>

void shift(int n, double *src, double *dst_alias)
{
    dst_alias = src + 1;
    for (int i = n - 2; i >= 0; i--)
        dst_alias[i] = src[i] * 2.0;
}

int main(void)
{
    double a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {0};
    shift(5, a, b);
    for (int i = 0; i < 6; i++)
        printf("%g %g\n", a[i], b[i]);
    return 0;
}
