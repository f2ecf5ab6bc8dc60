/* x86-64 SSE2 intrinsics from immintrin.h (part of the x86-64 baseline):
 * vector types, loads, arithmetic, shuffles and stores. */
#include <immintrin.h>
#include <stdio.h>

int main(void)
{
    int a[8] = {1, 2, 3, 4, 5, 6, 7, 8}, out[4];
    __m128i va = _mm_loadu_si128((const __m128i *)a);
    __m128i vb = _mm_loadu_si128((const __m128i *)(a + 4));
    __m128i sum = _mm_add_epi32(va, vb);
    __m128i shuffled = _mm_shuffle_epi32(sum, _MM_SHUFFLE(0, 1, 2, 3));
    _mm_storeu_si128((__m128i *)out, shuffled);
    printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
    float f[4] = {1.5f, 2.5f, 3.5f, 4.5f}, g[4];
    __m128 vf = _mm_loadu_ps(f);
    __m128 prod = _mm_mul_ps(vf, _mm_set1_ps(2.0f));
    _mm_storeu_ps(g, _mm_add_ps(prod, _mm_setzero_ps()));
    printf("%.1f %.1f %.1f %.1f\n", g[0], g[1], g[2], g[3]);
    __m128d vd = _mm_set_pd(3.0, 4.0);
    double dd[2];
    _mm_storeu_pd(dd, _mm_sqrt_pd(vd));
    printf("%.3f %.3f %d\n", dd[0], dd[1], _mm_movemask_epi8(_mm_cmpeq_epi32(va, va)));
    return 0;
}
