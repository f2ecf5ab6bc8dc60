#define N 40
void scale(int n, double a[n], double s);
