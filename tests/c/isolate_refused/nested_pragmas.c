// ferry-test: isolate --pragma
// ferry-test: refuse inside another statement selected
// Two selected statements, one inside the other: isolating both would
// isolate the inner one twice (its transfers inside the outer one's, which
// already holds copies). ferry names the inner one and where the outer is.
#include <stdio.h>

int main(void)
{
    double a[8];
#pragma ferry isolate
    for (int i = 0; i < 8; i++) {
#pragma ferry isolate
        for (int k = 0; k < 1; k++)
            a[i] = i * 0.5 + k;
    }
    for (int i = 0; i < 8; i++)
        printf("%g\n", a[i]);
    return 0;
}
