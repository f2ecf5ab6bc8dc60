/* Conditions with &&, ||, ! and comparison chains. */
#include <stdio.h>

int main(void) {
    int hits = 0, misses = 0;
    for (int i = -4; i <= 12; i++) {
        for (int j = 0; j < 6; j++) {
            if (i > 0 && j > 0 && i + j < 10)
                hits++;
            else if (i == j || i < -2)
                misses += 2;
            if (!(i >= 3) && !(j != 2))
                hits += 10;
            int in = 0 <= i && i < 5;
            if (!in || j == 5)
                misses--;
            if ((i < j) == (j > 3))
                hits += 100;
        }
    }
    printf("%d %d\n", hits, misses);
    return 0;
}
