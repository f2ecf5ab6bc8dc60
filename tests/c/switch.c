/* switch: fallthrough (commented and with the attribute), GNU case ranges,
 * default in the middle, nested switches, Duff's device, switch on chars. */
#include <stdio.h>

static int classify(int c)
{
    switch (c) {
    case '0' ... '9':
        return 1;
    case 'a' ... 'z':
    case 'A' ... 'Z':
        return 2;
    case ' ':
    case '\t':
    case '\n':
        return 3;
    default:
        return 0;
    }
}

static int fall(int x)
{
    int r = 0;
    switch (x) {
    case 0:
        r += 1;
        /* fall through */
    case 1:
        r += 10;
        __attribute__((fallthrough));
    default:
        r += 100;
        break;
    case 5:
        r += 1000;
    }
    return r;
}

static void duff_copy(char *to, const char *from, int count)
{
    int n = (count + 7) / 8;
    switch (count % 8) {
    case 0: do { *to++ = *from++;
    case 7:      *to++ = *from++;
    case 6:      *to++ = *from++;
    case 5:      *to++ = *from++;
    case 4:      *to++ = *from++;
    case 3:      *to++ = *from++;
    case 2:      *to++ = *from++;
    case 1:      *to++ = *from++;
            } while (--n > 0);
    }
}

static int nested(int a, int b)
{
    switch (a) {
    case 1:
        switch (b) {
        case 1: return 11;
        case 2: return 12;
        }
        break;
    case 2:
        return 20 + b;
    }
    return -1;
}

int main(void)
{
    const char *text = "Hello, World 42!\n";
    int counts[4] = {0};
    for (const char *p = text; *p; p++)
        counts[classify(*p)]++;
    printf("%d %d %d %d\n", counts[0], counts[1], counts[2], counts[3]);
    printf("%d %d %d %d\n", fall(0), fall(1), fall(2), fall(5));
    char dst[32] = {0};
    duff_copy(dst, "the quick brown fox jumps", 25);
    printf("%s\n", dst);
    printf("%d %d %d %d\n", nested(1, 1), nested(1, 2), nested(1, 3), nested(2, 5));
    unsigned long big = 300;
    switch (big) {
    case 0 ... 255: printf("byte\n"); break;
    case 256 ... 65535UL: printf("short\n"); break;
    }
    switch (3) default: printf("only default\n");
    return 0;
}
