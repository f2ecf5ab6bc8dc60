/* Pointer members copied from heap blocks and never moved (`struct
 * window w = {n, src, sum}`): w.src[i] is src's element i, the member's
 * constant definition substituted into the subscript. The statement
 * still reads the member itself, and the trace sees that read (it reads
 * the structure's bytes): the regions must name it (w.src-R), from where
 * the substitution was made (Program::substituted_reads). */
// args: 10 | 1 | 0
#include <stdio.h>
#include <stdlib.h>

struct window {
    int n;
    float *src;
    double *sum;
};

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 0 || n > 1000)
        return 2;
    float *src = malloc((n + 2) * sizeof *src);
    double *sum = malloc((n + 1) * sizeof *sum);
    for (int i = 0; i < n + 2; i++)
        src[i] = (float)(i % 7) - 2.5f;
    struct window w = {n, src, sum};
    for (int i = 0; i < w.n; i++)
        w.sum[i] = w.src[i] + w.src[i + 2];
    double s = 0;
    for (int i = 0; i < n; i++)
        s += sum[i] * (i % 3 + 1);
    printf("%.2f\n", s);
    free(src);
    free(sum);
    return 0;
}
