void fill(int n, double *a);

double big[100];

__attribute__((constructor)) static void init(void)
{
    fill(100, big);
}
