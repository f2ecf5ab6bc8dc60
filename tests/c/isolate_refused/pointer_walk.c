// ferry-test: isolate --label kernel
// ferry-test: refuse cursor
// A pointer moved inside the statement (cursor++) until a data-dependent end: the memory it
// reaches cannot be bounded.
#include <stdio.h>

int main(void)
{
    char text[] = "isolate me";
    char *cursor = text;
    int upper = 0;
kernel:
    while (*cursor) {
        if (*cursor >= 'a' && *cursor <= 'z') {
            *cursor = (char)(*cursor - 'a' + 'A');
            upper++;
        }
        cursor++;
    }
    printf("%s %d\n", text, upper);
    return 0;
}
