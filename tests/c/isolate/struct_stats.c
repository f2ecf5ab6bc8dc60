// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=100 from=20
// ferry-test: run 1 => to=28 from=20
// ferry-test: run 0 => to=20 from=20
// A struct accumulator, initialised with braces and updated field by field:
// a variable per member, each moved by value (no padding: int + 2 doubles).
// n: read only, passed by value, 0.  a: R [0,n-1] double -> 8n.
// st.count, st.sum, st.max: read and written -> loaded and stored, 4 + 8 + 8
// = 20 each way (a scalar moves even when the loop runs zero times).
// to = 8n + 20, from = 20.  n=10: 100 / 20; n=1: 28 / 20; n=0: 20 / 20.
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
