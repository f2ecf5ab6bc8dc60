/* nussinov: RNA folding by dynamic programming over the upper triangle of
 * a table, filled from the last row up and each row left to right. */
#include <stdio.h>
#include <stdlib.h>

static int best(int a, int b)
{
    return a >= b ? a : b;
}

/* Bases are 0..3 (A, C, G, U): A-U and C-G pair. */
static int pairs(int b1, int b2)
{
    return b1 + b2 == 3 ? 1 : 0;
}

static void nussinov(int n, int seq[n], int table[n][n])
{
    for (int i = n - 1; i >= 0; i--)
        for (int j = i + 1; j < n; j++) {
            table[i][j] = best(table[i][j], table[i][j - 1]);
            if (i + 1 < n)
                table[i][j] = best(table[i][j], table[i + 1][j]);
            if (i + 1 < n) {
                if (i < j - 1)
                    table[i][j] = best(table[i][j], table[i + 1][j - 1] + pairs(seq[i], seq[j]));
                else
                    table[i][j] = best(table[i][j], table[i + 1][j - 1]);
            }
            for (int k = i + 1; k < j; k++)
                table[i][j] = best(table[i][j], table[i][k] + table[k + 1][j]);
        }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int *seq = malloc(sizeof(int[n]));
    int (*table)[n] = malloc(sizeof(int[n][n]));
    if (!seq || !table)
        return 1;
    for (int i = 0; i < n; i++) {
        seq[i] = (i * 7 + i / 3) % 4;
        for (int j = 0; j < n; j++)
            table[i][j] = 0;
    }
    nussinov(n, seq, table);
    long sum = 0;
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++)
            sum += (long)table[i][j] * (j - i + 1);
    printf("nussinov %d: %ld (best %d)\n", n, sum, table[0][n - 1]);
    free(seq);
    free(table);
    return 0;
}
