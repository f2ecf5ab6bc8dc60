/* Labels and goto: forward and backward jumps, error-cleanup chains, labels
 * on nested statements, computed goto with &&label, local labels. */
#include <stdio.h>

static int find(int (*m)[4], int rows, int target, int *ri, int *ci)
{
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < 4; j++)
            if (m[i][j] == target) {
                *ri = i;
                *ci = j;
                goto found;
            }
    return 0;
found:
    return 1;
}

static int cleanup_chain(int fail_at)
{
    int steps = 0;
    if (fail_at == 1)
        goto fail1;
    steps += 1;
    if (fail_at == 2)
        goto fail2;
    steps += 10;
    if (fail_at == 3)
        goto fail3;
    steps += 100;
fail3:
    steps += 1000;
fail2:
    steps += 10000;
fail1:
    return steps;
}

static int interpret(const char *prog)
{
    static void *const dispatch[] = {&&op_inc, &&op_dbl, &&op_end};
    int acc = 0;
    const char *pc = prog;
#define NEXT goto *dispatch[*pc++ - '0']
    NEXT;
op_inc:
    acc++;
    NEXT;
op_dbl:
    acc *= 2;
    NEXT;
op_end:
    return acc;
#undef NEXT
}

#define SWAP_ONCE(a, b) ({ __label__ done; int t_ = (a); if ((a) == (b)) goto done; (a) = (b); (b) = t_; done: (a); })

int main(void)
{
    int m[2][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}};
    int r = -1, c = -1;
    int ok = find(m, 2, 7, &r, &c);
    printf("%d %d %d\n", ok, r, c);
    for (int i = 1; i <= 4; i++)
        printf("%d ", cleanup_chain(i));
    printf("\n");

    int n = 0;
again:
    n++;
    if (n < 5)
        goto again;
    printf("n %d\n", n);

    int x = 3, y = 4;
    int first = SWAP_ONCE(x, y);
    int second = SWAP_ONCE(x, x);
    printf("swap %d %d %d %d\n", x, y, first, second);
    printf("interp %d\n", interpret("0010102"));

    int k = 0;
    {
    inner:
        k += 2;
        if (k < 6)
            goto inner;
    }
    goto end;
    k = -1;
end:;
    printf("k %d\n", k);
    return 0;
}
