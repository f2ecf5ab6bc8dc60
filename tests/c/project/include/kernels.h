/* Declarations shared by the units; found through -I../include. */
#ifndef KERNELS_H
#define KERNELS_H

#define N 64

void smooth(int n, const double *in, double *out);
void scale(int n, double *a);
int first_negative(int n, const double *a);

#endif
