#include <stdio.h>
#include <stdlib.h>
#include "conv.h"

/* Prints a table of Celsius temperatures from LO to HI by STEP with their
 * Fahrenheit values. */
int main(int argc, char **argv)
{
    int lo = argc > 1 ? atoi(argv[1]) : 0;
    int hi = argc > 2 ? atoi(argv[2]) : 100;
    int step = argc > 3 ? atoi(argv[3]) : 20;

    if (step <= 0 || lo < ABS_ZERO_C) {
        fprintf(stderr, "usage: temps LO HI STEP\n");
        return 2;
    }
    for (int c = lo; c <= hi; c += step) {
        int f = C_TO_F(c);
        printf("%4d C = %4d F\n", c, f);
    }
    return 0;
}
