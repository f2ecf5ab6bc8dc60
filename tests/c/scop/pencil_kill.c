/* PENCIL's explicit kills (report section 3.8): `__pencil_kill(tmp)`
 * says tmp's contents are dead from there on, so the values the second
 * sweep leaves in it are not live-out, and the writes no later read
 * needs are dead instances; without the kill both would be live-out. */
#include <stdio.h>
#include <stdlib.h>

void __pencil_kill(void *array)
{
    (void)array;
}

static void pencil_kill(int n, double a[n], double tmp[n], double b[n])
{
    for (int i = 0; i < n; i++)
        tmp[i] = a[i] * 2.0;
    for (int i = 0; i < n; i++)
        b[i] = tmp[i] + 1.0;
    for (int i = 0; i < n; i++)
        tmp[i] = b[i] * b[i];
    __pencil_kill(tmp);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4;
    if (n < 1)
        return 1;
    double *a = malloc(sizeof(double[n]));
    double *tmp = malloc(sizeof(double[n]));
    double *b = malloc(sizeof(double[n]));
    for (int i = 0; i < n; i++)
        a[i] = i + 0.5;
    pencil_kill(n, a, tmp, b);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += b[i];
    printf("%g\n", s);
    free(a);
    free(tmp);
    free(b);
    return 0;
}
