#ifndef RANGE_H
#define RANGE_H

int parse_range(const char *s, int *lo, int *hi);
int range_len(int lo, int hi);

#endif
