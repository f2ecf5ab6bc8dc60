// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=104 from=24
// ferry-test: run 1 => to=32 from=24
// ferry-test: run 0 => to=24 from=24
// A struct accumulator updated field by field: the struct moves whole (24 bytes: int, pad, 2 doubles).
// n: read only, passed by value, 0.  a: R [0,n-1] double -> 8n.
// st: fields read and written -> loaded and stored whole, 24 + 24 (a scalar moves even when the loop runs zero times).
// to = 8n + 24, from = 24.  n=10: 104 / 24; n=1: 32 / 24; n=0: 24 / 24.
#include <stdio.h>
#include <stdlib.h>

struct stats {
    int count;
    double sum;
    double max;
};

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double a[16];
    struct stats st = {0, 0.0, -1e30};
    for (int i = 0; i < 16; i++)
        a[i] = (i * 37 % 11) - 4.5;
kernel:
    for (int i = 0; i < n; i++) {
        st.count++;
        st.sum += a[i];
        if (a[i] > st.max)
            st.max = a[i];
    }
    printf("%d %.17g %.17g\n", st.count, st.sum, st.max);
    return 0;
}
