// ferry-test: isolate --label here
// ferry-test: run => to=8960 from=4464
// A flat array seen with rows in the callee (m[r * cols + c]), called with
// a constant row length (20): the caller's flat offsets follow exactly.
// a (in): the cross the stencil reads, rows 0..29 x cols 0..19 without the
// four corners; in flat offsets its hull is [1, 598]: 598 doubles, 4784 B.
// b (out): W = {20r + c : 1 <= r <= 28, 1 <= c <= 18}, exact; main prints
// every element, so Store = hull(W) = [21, 578], 558 doubles = 4464 B back.
// Store - W is columns 19 and 0 of consecutive rows, 39 and 40 up to 559
// and 560: loaded as its hull [39, 560], 522 doubles = 4176 B.
// to = 4784 + 4176 = 8960, from = 4464.
#include <stdio.h>

void blur(int rows, int cols, const double *in, double *out)
{
    for (int r = 1; r < rows - 1; r++)
        for (int c = 1; c < cols - 1; c++)
            out[r * cols + c] = (in[(r - 1) * cols + c] + in[(r + 1) * cols + c] +
                                 in[r * cols + c - 1] + in[r * cols + c + 1]) / 4;
}

int main(void)
{
    static double a[600], b[600];
    for (int i = 0; i < 600; i++) {
        a[i] = i % 7;
        b[i] = -1;
    }
here:
    blur(30, 20, a, b);
    for (int i = 0; i < 600; i++)
        printf("%g\n", b[i]);
    return 0;
}
