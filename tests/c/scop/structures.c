/* Accesses to structure fields (the PENCIL report's §3.3, Listing 5's S
 * and T): a structure local used member by member is one scalar per
 * member, and each access to one is to the wrapped space of its field,
 * named by the structure and the field: a.b is a_b[a[] -> b[]], a nested
 * field inside the outer one's (v.pos.x is v_pos_x[v_pos[v[] -> pos[]]
 * -> x[]]). The members of p die where its block ends (kills). */
#include <stdio.h>
#include <stdlib.h>

struct s {
    int a;
    int b;
};

struct point {
    int x;
    int y;
};

struct vertex {
    struct point pos;
    int weight;
};

static void structures(int n, int out[n])
{
    struct s a;
    struct vertex v;
    a.b = 57;
    a.a = 42;
    v.pos.x = 3;
    v.weight = 2;
    for (int i = 0; i < n; ++i)
        out[i] = a.a + i * a.b + v.weight * v.pos.x;
    for (int i = 0; i < n; ++i) {
        struct point p;
        p.x = i;
        p.y = out[i];
        out[i] = p.x * p.y;
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 6;
    if (n < 1)
        n = 1;
    int *out = malloc(sizeof(int[n]));
    if (!out)
        return 1;
    structures(n, out);
    long sum = 0;
    for (int i = 0; i < n; i++)
        sum += out[i] * (i + 1);
    printf("%ld\n", sum);
    free(out);
    return 0;
}
