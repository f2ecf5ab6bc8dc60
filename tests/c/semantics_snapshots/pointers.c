/* Scalars whose address is taken are not tracked; writes through pointers
   are effects on what they may point to. */
int g;

void set(int *p, int v) {
    *p = v;
}

int main(void) {
    int k = 1;
    int t = 2;
    int *p = &k;
    set(p, 5);
    t = t + 1;
    g = t;
    return k + t + g;
}
