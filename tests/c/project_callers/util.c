void ramp(int n, double *a)
{
    for (int i = 0; i < n; i++)
        a[i] = 3.0 * i + 1.0;
}

void warm(void)
{
    double t[10];
    ramp(10, t);
}
