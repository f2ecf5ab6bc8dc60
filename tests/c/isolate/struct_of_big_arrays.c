// ferry-test: isolate --function step
// ferry-test: run => to=8388608 from=8388608
// A global structure of two float arrays of 2^20 elements (8 MiB): step's
// body reads P.x and P.y and writes P.y. Fields of a structure move with
// the structure, whole: loaded (read) and stored (written), 8,388,608 bytes
// each way; a is read only, passed by value, 0. Its copy used to be an
// automatic variable: 8 MiB on the stack, and the transformed program died
// of signal 11. It is static now.
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
