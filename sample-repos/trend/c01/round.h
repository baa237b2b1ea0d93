#ifndef ROUND_H
#define ROUND_H

/* a / b rounded to the nearest integer, halves away from zero (b > 0). */
int round_div(int a, int b);

#endif
