/* Operators and precedence: every binary operator mixed with others,
 * unary operators stacked (the printer must not fuse `- -x` into `--x`),
 * casts on unary expressions, right-associative ?: and assignment,
 * compound assignments, shifts, and pointer arithmetic. */
#include <stdio.h>

int main(void)
{
    int a = 7, b = 3, c = -2;
    unsigned u = 0xF0u;
    int r1 = a + b * c - a / b % 2;
    int r2 = (a + b) * (c - a) / (b % 2 + 1);
    int r3 = a << 2 >> 1 | b & c ^ a;
    int r4 = a < b == b > c != (a <= c) >= (b >= a);
    int r5 = a && b || !c && ~a;
    int r6 = - -a + - - -b - -(-c) + +a + + +b;
    int r7 = a - -b + a+ +b - a- - -b;
    int x = 5, w = 8, v = 1, t = 2;
    int r8 = x++ + ++w - v-- - --t;
    int y = 10, z = 20, k = 30, l = 40;
    int r9 = y-- - --z + k+++l;
    int r10 = !!a + !a + ~~b + -~c + ~-c;
    int r11 = a > b ? a > c ? 1 : 2 : c > b ? 3 : 4;
    int r12 = (a++, b++, c);
    int m, n, o;
    m = n = o = a;
    m += n -= o *= 2;
    int q = 100;
    q /= 3; q %= 7; q <<= 3; q >>= 1; q &= 0x1f; q |= 0x40; q ^= 0x0f;
    int arr[5] = {1, 2, 3, 4, 5};
    int *p = arr + 1, *p2 = arr, *p3 = arr + 2;
    int r13 = *p++ + *++p2 + p3[-1] + 1[arr] + *(p3 + 1) + (int)(p3 - arr);
    int r14 = (int)-1.5 + (int)(unsigned char)-1 + (int)(short)70000 + (char)'a' - (unsigned char)300;
    long r15 = (long)a * b << 40 >> 38;
    int r16 = sizeof a + sizeof(int) * 2 + (int)sizeof(char)-1;
    int r17 = u >> 4 & 0x3 | 8 ^ 2;
    int *pp = &arr[2];
    int r18 = *&*pp + &arr[4] - pp + -*pp + ~*pp + !*pp;
    int r19 = (a & 1) == 0 ? a >> 1 : 3 * a + 1;
    int r20 = c % b + -c % b + c / b + -c / -b;
    double d = 1.0 / 3 * 3 - (double)1 / 3;
    int r21 = a ? (void)0, b : c;
    int r22 = (a ? b : c) ? a : b ? c : 0;
    r21 += r22 + (a > b ? a : b) * 2 + (m = 9, m) + (b ?: c);
    printf("%d %d %d %d %d %d %d %d %d %d\n", r1, r2, r3, r4, r5, r6, r7, r8, r9, r10);
    printf("%d %d %d %d %d %d %d %d %d %d\n", r11, r12, m, n, o, q, r13, r14, (int)r15, r16);
    printf("%d %d %d %d %.6f %d %d %d %d\n", r17, r18, r19, r20 + r21, d, x + w + v + t, y, z, k * (int)(p - p2));
    return 0;
}
