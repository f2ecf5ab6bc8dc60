/* C integer division truncates toward zero; >> is floor division. */
int divide(int n, int m) {
    int q = n / 4;
    int r = n % 4;
    int h = m >> 1;
    int s = -7 / 2;
    if (n >= 0)
        q = n / 3;
    return q + r + h + s;
}
