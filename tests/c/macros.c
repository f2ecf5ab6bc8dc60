/* Macros of the main file: _GNU_SOURCE before the includes (it makes
 * strchrnul and mempcpy visible), object-like and function-like macros,
 * stringification, token pasting, variadic macros, #undef, conditional
 * compilation and multi-line definitions. */
#define _GNU_SOURCE
#include <string.h>
#define CONFIG_LIMIT 8
#include <stdio.h>

#define SQUARE(x) ((x) * (x))
#define CAT(a, b) a##b
#define NAME(n) CAT(value_, n)
#define STR(x) #x
#define LOG(fmt, ...) printf("[log] " fmt "\n", __VA_ARGS__)
#define LOG0(...) printf(__VA_ARGS__)
#define SWAP(a, b)          \
    do {                    \
        int tmp_ = (a);     \
        (a) = (b);          \
        (b) = tmp_;         \
    } while (0)
#define PI 3.14159
#define EMPTY
#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

#if CONFIG_LIMIT > 4
#define BIG 1
#else
#define BIG 0
#endif

int main(void)
{
    int NAME(1) = 10, NAME(2) = 20;
    SWAP(value_1, value_2);
    LOG("%d %d %d", value_1, value_2, SQUARE(value_1 + 1));
    LOG0("%s %s\n", STR(hello world), STR(SQUARE(2)));
    double area = PI * SQUARE(2.0) EMPTY;
    int arr[CONFIG_LIMIT];
    printf("%.3f %zu %d\n", area, COUNT_OF(arr), BIG);
#undef PI
#define PI 3
    printf("%d\n", PI);
    const char *s = "hello";
    const char *end = strchrnul(s, 'z');
    char buf[16];
    char *after = mempcpy(buf, "abc", 3);
    *after = '\0';
    printf("%d %s %d\n", (int)(end - s), buf, (int)(after - buf));
    return 0;
}
