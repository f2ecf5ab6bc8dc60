/* Increments inside expressions and conditions, chained assignments,
   the comma operator. */
#include <stdio.h>

int main(void) {
    int i = 0, n = 10, s = 0;
    while (i++ < n)
        s += i;
    printf("%d %d\n", i, s);
    int a, b, c;
    a = b = c = 4;
    a += b++ + --c;
    printf("%d %d %d\n", a, b, c);
    int k = 0, m = 0;
    for (k = 0, m = 20; k < m; k++, m--)
        s++;
    printf("%d %d %d\n", k, m, s);
    int j = 5;
    int t = (j += 2, j * 3);
    int u = j--;
    printf("%d %d %d\n", j, t, u);
    return 0;
}
