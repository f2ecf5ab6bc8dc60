/* The isolated loop's lines hold an `#ifdef` that closes after it: they
 * cannot be replaced alone without cutting the conditional in two, so the
 * function holding them is printed from the tree (the active branch), and
 * the rest of the file stays as written. */
#include <stdio.h>

#define N 100

static void copy(double *a, const double *b, int n)
{
    int i;
#pragma ferry isolate
    for (i = 0; i < n; i++) {
#ifdef DOUBLE_IT
        a[i] = 2 * b[i];
    }
#else
        a[i] = b[i] + 1;
    }
#endif
}

/* untouched */
int main(void)
{
    static double a[N], b[N];
    for (int i = 0; i < N; i++) b[i] = i;
    copy(a, b, N);
    double s = 0;
    for (int i = 0; i < N; i++) s += a[i];
    printf("%.1f\n", s);
    return 0;
}
