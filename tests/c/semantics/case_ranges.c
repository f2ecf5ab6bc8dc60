/* GNU case ranges and a switch inside a loop with continue. */
#include <stdio.h>

int bucket(int v) {
    switch (v) {
    case 0 ... 9:
        return 1;
    case 10 ... 99:
        return 2;
    case -9 ... -1:
        return -1;
    default:
        return 0;
    }
}

int main(void) {
    int sum = 0, skipped = 0;
    for (int v = -20; v < 120; v += 7) {
        switch (bucket(v)) {
        case 0:
            skipped++;
            continue;
        case 2:
            sum += 2;
            break;
        default:
            sum += v;
        }
        sum++;
    }
    printf("%d %d\n", sum, skipped);
    return 0;
}
