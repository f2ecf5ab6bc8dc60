// ferry-test: isolate --function step
// ferry-test: run => to=8388608 from=4194304
// A global structure of two float arrays of 2^20 elements (4 MiB each):
// step's body reads P.x and P.y and writes P.y. Each array field is an
// array of its own, on the heap: P.x and P.y loaded, 8,388,608 bytes,
// P.y stored, 4,194,304 bytes; a is read only, passed by value, 0. The
// whole structure used to move as one automatic variable, 8 MiB on the
// stack, and the transformed program died of signal 11.
#include <stdio.h>

#define N (1 << 20)

struct {
    float x[N], y[N];
} P;

void step(float a)
{
    for (int i = 0; i < N; i++)
        P.y[i] = a * P.x[i] + P.y[i];
}

int main(void)
{
    for (int i = 0; i < N; i++) {
        P.x[i] = i % 13;
        P.y[i] = i % 5;
    }
    step(2.0f);
    double s = 0;
    for (int i = 0; i < N; i++)
        s += P.y[i] * (i % 3);
    printf("%.17g\n", s);
    return 0;
}
