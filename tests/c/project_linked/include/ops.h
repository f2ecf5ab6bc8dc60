/* Declarations shared by the units; found through -I../include. */
#ifndef OPS_H
#define OPS_H

#define N 64

void blend(int n, int steps, double *acc, const double *x);
void blend_all(int n, double *acc, const double *x);
void accumulate(int n, double *acc, const double *x);
double mix(double old, double x, int i);
double weight(int i);
void smooth_all(int n, double *acc);
void smooth_into(int n, double *acc);

#endif
