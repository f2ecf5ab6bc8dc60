/* Assignments inside loop and if conditions. */
#include <stdio.h>

int main(void) {
    int x = 20, laps = 0;
    while ((x = x - 3) > 0)
        laps++;
    int y;
    if ((y = x + 10) > 5)
        laps += 100;
    int z = 0, w = 0;
    do
        w += 2;
    while ((z += 1) < 5);
    int a, b = 0;
    for (a = 10; (b = a - 4) > 0; a -= 2)
        laps++;
    printf("%d %d %d %d %d %d\n", x, y, z, w, a, b + laps);
    return 0;
}
