/* Scales numbers read on standard input by a factor read from a file
 * named relative to the folder it runs in; exits with 3 when either is
 * missing. `ferry validate --pragma` must give both programs the same
 * input and the same files (tests/tests/validate_cli.rs). */
#include <stdio.h>

int main(void)
{
    double x[16];
    double factor;
    int n = 0;
    FILE *f = fopen("tests/c/validate/factor.txt", "r");
    if (!f || fscanf(f, "%lf", &factor) != 1) {
        fprintf(stderr, "no factor file\n");
        return 3;
    }
    fclose(f);
    while (n < 16 && scanf("%lf", &x[n]) == 1)
        n++;
    if (n == 0) {
        fprintf(stderr, "no numbers on stdin\n");
        return 3;
    }
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        x[i] = x[i] * factor;
    for (int i = 0; i < n; i++)
        printf("%g\n", x[i]);
    return 0;
}
