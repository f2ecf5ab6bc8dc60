/* String processing: tokenising, reversing words, counting, case changes,
 * a hand-written strstr, and building strings with snprintf. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

static void reverse(char *s, size_t n)
{
    for (size_t i = 0, j = n ? n - 1 : 0; i < j; i++, j--) {
        char t = s[i];
        s[i] = s[j];
        s[j] = t;
    }
}

static const char *find(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++)
        if (strncmp(hay, needle, n) == 0)
            return hay;
    return NULL;
}

static unsigned hash(const char *s)
{
    unsigned h = 5381;
    while (*s)
        h = ((h << 5) + h) ^ (unsigned char)*s++;
    return h;
}

int main(void)
{
    char text[] = "the quick brown fox jumps over the lazy dog";
    int words = 0, vowels = 0;
    for (const char *p = text; *p; p++)
        if (strchr("aeiou", *p))
            vowels++;
    char copy[sizeof text];
    strcpy(copy, text);
    char out[128] = "";
    for (char *tok = strtok(copy, " "); tok; tok = strtok(NULL, " ")) {
        words++;
        reverse(tok, strlen(tok));
        tok[0] = (char)toupper((unsigned char)tok[0]);
        strcat(out, tok);
        strcat(out, words % 3 ? "-" : "|");
    }
    printf("%d %d %s\n", words, vowels, out);
    const char *hit = find(text, "lazy");
    printf("%ld %s\n", hit ? (long)(hit - text) : -1L, find(text, "cat") ? "yes" : "no");
    char line[64];
    int len = snprintf(line, sizeof line, "%s/%05d/%-4s|%x", "id", 42, "ab", hash(text));
    printf("%s %d\n", line, len);
    return 0;
}
