/* FIR filter over a generated signal, with a checksum of the output. */
#include <stdio.h>

#define N 1024
#define TAPS 16

static float signal_in[N + TAPS];
static float coeffs[TAPS];
static float signal_out[N];

static void fir(const float *restrict in, const float *restrict h, float *restrict out, int n, int taps)
{
    for (int i = 0; i < n; i++) {
        float acc = 0.0f;
        for (int k = 0; k < taps; k++)
            acc += h[k] * in[i + k];
        out[i] = acc;
    }
}

int main(void)
{
    unsigned seed = 12345;
    for (int i = 0; i < N + TAPS; i++) {
        seed = seed * 1103515245u + 12345u;
        signal_in[i] = (float)((seed >> 16) & 0xff) / 255.0f - 0.5f;
    }
    for (int k = 0; k < TAPS; k++)
        coeffs[k] = 1.0f / (float)(k + 1);
    fir(signal_in, coeffs, signal_out, N, TAPS);
    double sum = 0.0, energy = 0.0;
    for (int i = 0; i < N; i++) {
        sum += signal_out[i];
        energy += (double)signal_out[i] * signal_out[i];
    }
    printf("fir sum %.4f energy %.4f first %.5f last %.5f\n", sum, energy, signal_out[0], signal_out[N - 1]);
    return 0;
}
