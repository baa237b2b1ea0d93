#ifndef READINGS_H
#define READINGS_H

int count_rises(const int *v, int n);
int largest_step(const int *v, int n);

#endif
