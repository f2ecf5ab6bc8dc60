/* A macro's `do { ... } while (0)` runs once: no loop, no SCoP of its
 * own (macro-heavy code is full of them); a do-while that repeats is. */
#define RESET(h, b) do { h = 0; b = 0; } while (0)

int once(int n, int a[n])
{
    int hold, bits;
    RESET(hold, bits);
    int k = 0;
    do {
        a[k] = hold + bits;
        k++;
    } while (k < n);
    return k;
}

int printf(const char *format, ...);

int main(int argc, char **argv)
{
    (void)argv;
    int a[8] = {0};
    int n = argc + 3;
    int k = once(n, a);
    printf("%d %d %d\n", k, a[0], a[n - 1]);
    return 0;
}
