/* switch with fall-through, default and break. */
#include <stdio.h>

int weight(int k) {
    int w = 0;
    switch (k) {
    case 0:
        w = 10;
        break;
    case 1:
    case 2:
        w = k + 20;
        break;
    case 3:
        w = 30;
        /* fall through */
    case 4:
        w += 4;
        break;
    default:
        w = -k;
    }
    return w;
}

int main(void) {
    int total = 0;
    for (int k = -1; k < 7; k++) {
        int w = weight(k);
        switch (w % 3) {
        case 0: total += 1; break;
        default: total += w;
        }
        printf("%d %d\n", k, w);
    }
    printf("%d\n", total);
    return 0;
}
