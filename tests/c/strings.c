/* String literals: concatenation (plain, across lines, with macros, wide
 * and UTF prefixes), escapes, embedded NULs, sizeof literals. */
#include <stdio.h>
#include <string.h>
#include <uchar.h>
#include <wchar.h>

#define GREETING "hello"
#define STR(x) #x
#define XSTR(x) STR(x)

static const char joined[] = "abc" "def"
                             "ghi";

int main(void)
{
    const char *s = GREETING ", " "world" "\n";
    printf("%s", s);
    printf("%s %zu\n", joined, sizeof joined);
    printf("%s %s\n", STR(a + b), XSTR(__LINE__ - 0));
    const char hex[] = "\x41" "B" "\x43";   /* splitting ends the hex escape */
    const char oct[] = "\101\102\1034";      /* octal escapes take at most three digits */
    printf("%s %s %zu\n", hex, oct, sizeof oct);
    const char nul[] = "a\0b";
    printf("%zu %zu\n", sizeof nul, strlen(nul));
    const char esc[] = "\a\b\f\n\r\t\v\\\'\"\?";
    int sum = 0;
    for (size_t i = 0; i < sizeof esc; i++)
        sum += esc[i];
    printf("esc %d\n", sum);
    const wchar_t *w = L"wide" L" string";
    printf("%zu %d\n", wcslen(w), (int)w[5]);
    const char *u8s = u8"utf" u8"-8 \u00e9";
    printf("%s %zu\n", u8s, strlen(u8s));
    const char16_t *u16 = u"sixteen";
    const char32_t *u32 = U"thirty" U"-two";
    int n16 = 0, n32 = 0;
    while (u16[n16]) n16++;
    while (u32[n32]) n32++;
    printf("%d %d %zu %zu\n", n16, n32, sizeof(u"ab"), sizeof(U"ab"));
    printf("%c%c\n", "xyz"[1], *("pq" + 1));
    printf("percent %% and 'quotes' in \"strings\"\n");
    printf("/* not a comment */ // nor this\n");
    const wchar_t *mixed = L"wide" " then narrow";
    const char *u8mixed = u8"a" "b";
    printf("%zu %s\n", wcslen(mixed), u8mixed);
    return 0;
}
