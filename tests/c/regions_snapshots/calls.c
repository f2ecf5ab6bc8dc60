/* Interprocedural translation: offsets, rows of a 2-D array, a 2-D array
   seen as 1-D, struct fields. */
void fill(int m, int x[m], int v) {
    for (int k = 0; k < m; k++)
        x[k] = v;
}

void offsets(int n, int a[n]) {
    for (int i = 0; i + 4 <= n; i += 4)
        fill(4, a + i, i);
}

void rows(int n, int a[n][10]) {
    for (int i = 0; i < n; i++)
        fill(10, &a[i][0], i);
}

void whole(int a[8][10]) {
    fill(80, &a[0][0], 1);
}

struct particle {
    double x, y;
    int hits[3];
};

void touch(struct particle *p) {
    p->x = p->y;
    p->hits[2] = 1;
}

void particles(int n, struct particle ps[n]) {
    for (int i = 0; i < n; i++)
        touch(&ps[i]);
}

void one(struct particle *p) {
    touch(p);
}
