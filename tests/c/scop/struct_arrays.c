/* Arrays of structures and structures of arrays (the PENCIL report's
 * §3.3, Listings 4 and 5): an access through fields is to a wrapped space
 * per field, the structure's access in front, the field's subscripts
 * behind (s.f[i].a[j] is s_f_a[s_f[s[] -> f[i]] -> a[j]]); assigning a
 * whole structure (Listing 5's U, b[i] = a) reads and writes each of its
 * scalar members. The particles' step reads and writes two fields of one
 * array of structures, and only the positions flow to the sum. */
#include <stdio.h>
#include <stdlib.h>

struct s {
    struct {
        int a[10];
    } f[10];
};

struct pair {
    int a;
    int b;
};

struct particle {
    double x;
    double v;
};

static int listing4(void)
{
    struct s s;
    for (int i = 0; i < 10; ++i)
        for (int j = 0; j < 10; ++j)
            s.f[i].a[j] = i * j;
    return s.f[3].a[7];
}

static int listing5(void)
{
    struct pair a, b[10];
    a.b = 57;
    a.a = 42;
    for (int i = 0; i < 10; ++i)
        b[i] = a;
    return b[4].a + b[9].b;
}

static void particles(int n, struct particle p[n], double dt)
{
    for (int t = 0; t < 3; t++)
        for (int i = 0; i < n; i++) {
            p[i].x = p[i].x + dt * p[i].v;
            p[i].v = p[i].v * 0.5;
        }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 5;
    if (n < 1)
        n = 1;
    struct particle *p = malloc(sizeof(struct particle[n]));
    if (!p)
        return 1;
    for (int i = 0; i < n; i++) {
        p[i].x = i;
        p[i].v = 1.0 + i % 3;
    }
    particles(n, p, 0.25);
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += p[i].x * (i + 1) + p[i].v;
    printf("%d %d %.4f\n", listing4(), listing5(), sum);
    free(p);
    return 0;
}
