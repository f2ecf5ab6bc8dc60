/* Library functions that write scalars through pointers. */
#include <stdio.h>
#include <string.h>

int main(void) {
    int k = 1;
    sscanf("42", "%d", &k);
    int a = k + 1;
    int m = 7;
    memset(&m, 0, sizeof m);
    int b = m;
    int src = 99, dst = 3;
    memcpy(&dst, &src, sizeof dst);
    int c = dst;
    int pos = 0;
    char buf[32];
    int len = snprintf(buf, sizeof buf, "%d", 12345);
    int n = 0;
    sscanf("17 x", "%d%n", &pos, &n);
    printf("%d %d %d %d %d %d %d %s\n", k, a, b, c, len, pos, n, buf);
    return 0;
}
