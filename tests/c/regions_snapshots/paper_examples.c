/* The two examples of section 2 of "Beyond Do Loops": a may WRITE region
   because of a hole (i != 3), and may regions because the condition is
   not affine. */
void holes(int n, int a[n]) {
    for (int i = 0; i < n; i++)
        if (i != 3)
            a[i] = 0;
}

void nonaffine(int n, int i, int a[n], int b[n], int c[n]) {
    if (a[i] > 3)
        b[i] = 1;
    else
        c[i] = 1;
}
