/* Side effects under && || and ?: happen only on the evaluated side. */
#include <stdio.h>

int main(void) {
    int x = 0, y = 10, hits = 0;
    for (int i = 0; i < 8; i++) {
        if (i > 3 && y-- > 7)
            hits++;
        if (i < 2 || x++ > 100)
            hits += 10;
        int z = i % 2 ? x++ : y++;
        hits += z;
    }
    int a = 0, b = 0;
    int t = (a = 5) > 3 || (b = 7);
    int f = (a = 0) && (b = 9);
    printf("%d %d %d %d %d %d %d\n", x, y, hits, a, b, t, f);
    return 0;
}
