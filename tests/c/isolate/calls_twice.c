// ferry-test: isolate --function update
// ferry-test: run 6 => to=96 from=48
// ferry-test: plan hull --no-optimize-transfers
// ferry-test: run 6 => to=192 from=96
// main calls update twice in a row, outside any loop: the transfers move
// to both call sites, which share their buffers, so the second call finds
// a and b on the device and a goes back once (the redundant load between
// the two calls of Listing 1.6 disappears).
// Each call: n (read only, passed by value: 0); a [0,n-1] in and out;
// b [0,n-1] in.
// Shared: 8n (a) + 8n (b) in, 8n out. 6: 96, 48.
// Each call alone: 2 * 16n = 192 in, 2 * 8n = 96 out.
#include <stdio.h>
#include <stdlib.h>

static void update(int n, double a[n], double b[n])
{
    for (int i = 0; i < n; i++)
        a[i] = 0.5 * a[i] + b[i];
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double a[n], b[n];
    for (int i = 0; i < n; i++) {
        a[i] = i * 0.25;
        b[i] = 1.0 - i;
    }
    update(n, a, b);
    update(n, a, b);
    for (int i = 0; i < n; i++)
        printf("%g ", a[i]);
    printf("\n");
    return 0;
}
