/* Variadic functions through stdarg.h: va_list, va_start, va_arg with
 * several types, va_copy, va_end, forwarding to vsnprintf, and
 * __builtin_va_list spelled directly. */
#include <stdarg.h>
#include <stdio.h>

static int sum_ints(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; i++)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}

static double mixed(const char *fmt, ...)
{
    va_list ap, copy;
    va_start(ap, fmt);
    va_copy(copy, ap);
    double total = 0;
    for (const char *p = fmt; *p; p++) {
        switch (*p) {
        case 'i': total += va_arg(ap, int); break;
        case 'd': total += va_arg(ap, double); break;
        case 'l': total += (double)va_arg(ap, long long); break;
        case 's': total += (double)(va_arg(ap, const char *)[0]); break;
        }
    }
    /* The copy still starts at the first variadic argument. */
    int first = fmt[0] == 'i' ? va_arg(copy, int) : -1;
    va_end(copy);
    va_end(ap);
    return total + first;
}

typedef int (*unary)(int);
static int inc(int x) { return x + 1; }

struct pair { int a; double b; };

static int apply_each(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    int x = 0;
    for (int i = 0; i < n; i++) {
        int (*f)(int) = va_arg(ap, int (*)(int));
        struct pair p = va_arg(ap, struct pair);
        x = f(x) + p.a + (int)p.b;
    }
    va_end(ap);
    return x;
}

static int format(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int format(char *buf, size_t size, const char *fmt, ...)
{
    __builtin_va_list ap;
    __builtin_va_start(ap, fmt);
    int n = vsnprintf(buf, size, fmt, ap);
    __builtin_va_end(ap);
    return n;
}

int main(void)
{
    char buf[64];
    int n = format(buf, sizeof buf, "%s-%d-%.2f", "x", 7, 0.5);
    printf("%d %.2f %s %d\n", sum_ints(4, 1, 2, 3, 4), mixed("idls", 3, 0.5, 10LL, "A"), buf, n);
    unary u = inc;
    printf("%d\n", apply_each(2, u, (struct pair){1, 2.5}, inc, (struct pair){10, 0.0}));
    return 0;
}
