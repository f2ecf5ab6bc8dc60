/* Character constants of every form: plain, simple escapes, hex, octal,
 * wide, char16_t, char32_t, universal character names. */
#include <stdio.h>
#include <uchar.h>
#include <wchar.h>

int main(void)
{
    int plain[] = {'a', 'Z', '0', ' ', '"', '?'};
    int simple[] = {'\n', '\t', '\r', '\0', '\\', '\'', '\"', '\?', '\a', '\b', '\f', '\v'};
    int hex[] = {'\x41', '\x7f', '\xff', '\x0'};
    int oct[] = {'\101', '\0', '\7', '\177', '\377'};
    wchar_t wc = L'x';
    wchar_t wcu = L'\u00e9';
    char16_t c16 = u'x';
    char16_t c16u = u'\u03c0';
    char32_t c32 = U'x';
    char32_t c32u = U'\U0001F600';
    int s = 0;
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) s = s * 7 + plain[i];
    printf("plain %d\n", s);
    s = 0;
    for (size_t i = 0; i < sizeof simple / sizeof simple[0]; i++) s = s * 3 + simple[i];
    printf("simple %d\n", s);
    printf("hex %d %d %d %d\n", hex[0], hex[1], hex[2], hex[3]);
    printf("oct %d %d %d %d %d\n", oct[0], oct[1], oct[2], oct[3], oct[4]);
    printf("wide %d %d %d %d %lu %lu\n", (int)wc, (int)wcu, (int)c16, (int)c16u, (unsigned long)c32,
           (unsigned long)c32u);
    printf("sizes %zu %zu %zu %zu\n", sizeof 'a', sizeof L'a', sizeof u'a', sizeof U'a');
    char c = '\xe9';
    unsigned char uc = '\xe9';
    printf("%d %d\n", c, uc);
    return 0;
}
