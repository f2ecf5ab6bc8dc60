/* A summary function whose parameters are not the function's. */
void clear_summary(int a[], int n)
{
    for (int i = 0; i < n; i++)
        a[i] = 0;
}

__attribute__((pencil_access(clear_summary)))
void clear(int n, int a[n]);

void clear(int n, int a[n])
{
    for (int i = 0; i < n; i++)
        a[i] = 0;
}
