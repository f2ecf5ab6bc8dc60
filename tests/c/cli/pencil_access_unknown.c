/* A summary function that does not exist (PENCIL's pencil_access). */
__attribute__((pencil_access(clear_summary)))
void clear(int n, int a[n]);

void clear(int n, int a[n])
{
    for (int i = 0; i < n; i++)
        a[i] = 0;
}
