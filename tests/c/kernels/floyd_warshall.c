/* floyd-warshall: all-pairs shortest paths, in place. */
#include <stdio.h>
#include <stdlib.h>

static void floyd_warshall(int n, int path[n][n])
{
    for (int k = 0; k < n; k++)
    step:
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                path[i][j] = path[i][j] < path[i][k] + path[k][j]
                                 ? path[i][j]
                                 : path[i][k] + path[k][j];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int (*path)[n] = malloc(sizeof(int[n][n]));
    if (!path)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            path[i][j] = (i * j) % 7 + 1;
            if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0)
                path[i][j] = 999;
            if (i == j)
                path[i][j] = 0;
        }
    floyd_warshall(n, path);
    long sum = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += (long)path[i][j] * ((i + j) % 3 + 1);
    printf("floyd-warshall %d: %ld\n", n, sum);
    free(path);
    return 0;
}
