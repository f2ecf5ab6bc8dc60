/* Storage classes and function specifiers: static locals, extern
 * declarations in blocks, register, auto, _Thread_local, __thread, static
 * inline, _Noreturn and tentative definitions. */
#include <stdio.h>
#include <stdlib.h>

int tentative;
int tentative;
static int file_static = 5;
_Thread_local int tls_counter = 1;
static __thread int gnu_tls;
extern int defined_later;

static int next_id(void)
{
    static int id = 100;
    return id++;
}

static inline int square(int x) { return x * x; }

_Noreturn static void finish(int code)
{
    fflush(stdout);
    exit(code);
}

static int use_extern(void)
{
    extern int defined_later;
    return defined_later + file_static;
}

int main(void)
{
    register int r = 3;
    auto int a = 4;
    const static int cs = 9;
    tls_counter += 2;
    gnu_tls = 6;
    tentative = 11;
    next_id();
    next_id();
    printf("%d %d %d %d %d %d %d %d\n", r, a, cs, tls_counter, gnu_tls, next_id(), square(r + a), use_extern());
    printf("%d\n", tentative);
    finish(0);
}

int defined_later = 30;
