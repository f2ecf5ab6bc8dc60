/* Whole struct elements written, then their fields read: the OUT region of
 * the copy must hold the elements whose fields are read later, although
 * the two accesses are to different entities (out[i] and out[i].re). */
#include <stdio.h>

struct cplx {
    double re, im;
};

static struct cplx in[12], out[12];

int main(void)
{
    for (int i = 0; i < 12; i++) {
        in[i].re = i * 0.5;
        in[i].im = -i * 0.25;
    }
    for (int i = 0; i < 12; i++)
        out[i] = in[11 - i];
    double s = 0.0;
    for (int i = 0; i < 6; i++)
        s += out[i].re - out[2 * i].im;
    printf("%.6f\n", s);
    return 0;
}
