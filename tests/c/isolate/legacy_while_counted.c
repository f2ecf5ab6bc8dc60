// ferry-test: isolate --pragma
// ferry-test: run 60 => to=484 from=244
// ferry-test: run 5 => to=44 from=24
// ferry-test: run 0 => to=4 from=4
// A while loop counting i up to n, as pre-C99 code writes for loops. Not a
// counted loop for the regions: its writes are may. a read [0, n-1] -> 4n
// in; b written (may) -> loaded 4n and stored 4n; i read and written, and
// printed after -> 4 B each way.
// to = 8n + 4, from = 4n + 4: 60 -> 484 / 244; 5 -> 44 / 24; 0 -> 4 / 4.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 60;
    float *a = malloc(n * sizeof(float)), *b = malloc(n * sizeof(float));
    int i = 0;
    while (i < n) {
        a[i] = i * 0.25f;
        i++;
    }
    i = 0;
#pragma ferry isolate
    while (i < n) {
        b[i] = a[i] * a[i] - 1;
        i++;
    }
    float s = 0;
    for (i = 0; i < n; i++)
        s += b[i];
    printf("%.2f %d\n", s, i);
    return 0;
}
