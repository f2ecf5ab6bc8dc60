/* Control flow: dangling else, else-if chains, nested loops with break and
 * continue, do-while, empty loop bodies and for headers, while(0). */
#include <stdio.h>

static int collatz(int n)
{
    int steps = 0;
    while (n != 1) {
        if (n % 2)
            n = 3 * n + 1;
        else
            n /= 2;
        steps++;
    }
    return steps;
}

static const char *grade(int score)
{
    if (score >= 90)
        return "A";
    else if (score >= 80)
        return "B";
    else if (score >= 70)
        return "C";
    else
        return "F";
}

int main(void)
{
    int a = 1, b = 0, r = 0;
    if (a)
        if (b)
            r = 1;
        else
            r = 2; /* binds to the inner if */
    if (a) {
        if (b)
            r += 10;
    } else
        r += 100;
    int primes = 0;
    for (int n = 2; n < 100; n++) {
        int d;
        for (d = 2; d * d <= n; d++)
            if (n % d == 0)
                break;
        if (d * d <= n)
            continue;
        primes++;
    }
    int i = 0;
    do
        i += 3;
    while (i < 10);
    int j;
    for (j = 0; j < 1000 && j * j < 500; j++)
        ;
    int k = 0;
    for (;;) {
        if (++k > 7)
            break;
    }
    while (0)
        r = -1;
    do {
        r += 1000;
    } while (0);
    int sum = 0;
    for (int x = 0; x < 5; x++) {
        for (int y = 0; y < 5; y++) {
            if (y > x)
                break;
            if ((x + y) % 2)
                continue;
            sum += x * y;
        }
    }
    printf("%d %d %d %d %d %d %d\n", r, primes, i, j, k, sum, collatz(27));
    printf("%s%s%s%s\n", grade(95), grade(85), grade(75), grade(5));
    return 0;
}
