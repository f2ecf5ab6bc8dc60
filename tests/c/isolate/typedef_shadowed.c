// ferry-test: isolate --label kernel
// ferry-test: run 20 => to=160 from=160
// ferry-test: run 0 => to=0 from=0
// A typedef name (`scalar`) that a block declares again for another type: ferry does not look
// for which type the name means where, so device code that uses it is refused (offload::REFUSED)
// rather than given the wrong type; on the host the statement is isolated as any other.
// x: RW [0,n-1], 8n bytes each way.
#include <stdio.h>
#include <stdlib.h>

typedef double scalar;

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 0)
        n = 0;
    double *x = malloc(sizeof(double) * (n + 1));
    if (!x)
        return 1;
    {
        typedef float scalar;
        scalar third = 1.0f / 3;
        for (int i = 0; i < n; i++)
            x[i] = i * third;
    }
kernel:
    for (int i = 0; i < n; i++)
        x[i] = (scalar)x[i] / 3;
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += x[i] * (i + 1);
    printf("shadowed typedef %d: %.6f\n", n, sum);
    free(x);
    return 0;
}
