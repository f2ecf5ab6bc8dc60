// ferry-test: isolate --function scaled
// ferry-test: run 3 => to=0 from=0
// ferry-test: run 0 => to=0 from=0
// Structures with const members, as Csmith writes them: a `static const`
// global read by the function and a structure returned. The global is read
// only, so it reaches the function by value, not as a copy (0 bytes), and
// so does n; g is the function's own. Its device copy is declared without
// the global's `const` and filled byte for byte, and the returned value is
// copied into the result byte for byte: neither can be assigned (Csmith
// seeds 21 and 30 failed to build before).
// to = 0, from = 0 for every n.
#include <stdio.h>
#include <stdlib.h>

struct gauge {
    const int scale;
    int offset;
};

static const struct gauge base = {3, 7};

struct gauge scaled(int n)
{
    struct gauge g = {base.scale * n, base.offset + n};
    return g;
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    struct gauge g = scaled(n);
    printf("%d %d\n", g.scale, g.offset);
    return 0;
}
