#ifndef FILTER_H
#define FILTER_H

/* Whether v is kept: non-negative and even. */
int keep(int v);

#endif
