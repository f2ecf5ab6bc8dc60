int g(int x, int *a) {
    int s = 0, i;
    switch (x) { case 0: s = 1; break; case 1 ... 3: s = 2; default: s = -1; }
    for (i = 0; i < x; i++) { if (a[i] < 0) continue; else if (a[i] > 9) break; s += a[i] ? a[i] : -1; }
    while (s > 100) s >>= 1;
    do { s--; } while (s % 7);
    if (s == 3) goto out;
    s = (s, x) << 2 | ~x & !x ^ -x;
out:
    return s;
}
