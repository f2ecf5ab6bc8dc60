// ferry-test: isolate --pragma
// ferry-test: run 9 => to=36 from=36
// ferry-test: run 2 => to=8 from=8
// ferry-test: run 1 => to=0 from=0
// In-place reversal with two indices moving toward each other, as legacy
// code writes it: `for (i = 0, j = n - 1; i < j; i++, j--)`. Not a counted
// loop; the preconditions relate the indices (i + j == n - 1, i < j).
// a is read and written at a[i] and a[j]: all of [0, n-1] but the middle
// element when n is odd, whose hull is [0, n-1] -> 4n in, 4n back (main
// prints a). i, j and t are local.
// to = from = 4n when n >= 2: 9 -> 36; 2 -> 8; 1 -> nothing (i < j fails).
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 9;
    float *a = malloc((n + 1) * sizeof *a);
    for (int k = 0; k < n; k++)
        a[k] = k * 1.5f;
#pragma ferry isolate
    for (int i = 0, j = n - 1; i < j; i++, j--) {
        float t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
    for (int k = 0; k < n; k++)
        printf("%g ", a[k]);
    printf("\n");
    free(a);
    return 0;
}
