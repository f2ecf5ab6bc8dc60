/* Enumerations: explicit and implicit values, trailing commas, constants in
 * array sizes and case labels, anonymous enums, attributes on enumerators. */
#include <stdio.h>

enum color { RED, GREEN = 5, BLUE, ALPHA = BLUE * 2 + 1, };

enum { SMALL = 3, LARGE = SMALL << 2 };

typedef enum { NORTH = 'n', SOUTH = 's', EAST = 'e', WEST = 'w' } direction;

enum __attribute__((packed)) tiny { T0, T1, T2 };

enum legacy { L_NEW = 1, L_OLD __attribute__((deprecated)) = 9, L_NEWER };

static const char *name(enum color c)
{
    switch (c) {
    case RED: return "red";
    case GREEN: return "green";
    case BLUE: return "blue";
    case ALPHA: return "alpha";
    }
    return "?";
}

static int table[LARGE];

int main(void)
{
    enum color cs[] = {RED, GREEN, BLUE, ALPHA};
    for (int i = 0; i < 4; i++)
        printf("%s=%d ", name(cs[i]), (int)cs[i]);
    printf("\n");
    direction d = WEST;
    printf("%c %d %zu %zu\n", (char)d, (int)(sizeof table / sizeof table[0]), sizeof(enum tiny),
           sizeof(enum color));
    enum color c = (enum color)(GREEN + 1);
    printf("%d %d %d\n", c == BLUE, L_NEW, L_NEWER);
    return 0;
}
