/* Listing 1.2 of "Convex array regions for memory transfers" (the while loop). */
void foo(int N, int a[N], int randv[N]) {
    int x = N / 4, y = 0;
    while (x <= N / 3) {
        a[x + y] = x + y;
        if (randv[x - y]) x = x + 2; else x++, y++;
    }
}
