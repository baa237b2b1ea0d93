#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "conv.h"

/* Prints a table of Celsius temperatures from LO to HI by STEP with their
 * Fahrenheit values, and their Kelvin values with -k. */
int main(int argc, char **argv)
{
    int kelvin = 0;
    if (argc > 1 && strcmp(argv[1], "-k") == 0) {
        kelvin = 1;
        argc--;
        argv++;
    }
    int lo = argc > 1 ? atoi(argv[1]) : 0;
    int hi = argc > 2 ? atoi(argv[2]) : 100;
    int step = argc > 3 ? atoi(argv[3]) : 20;

    if (step <= 0 || lo < ABS_ZERO_C) {
        fprintf(stderr, "usage: temps [-k] LO HI STEP\n");
        return 2;
    }
    for (int c = lo; c <= hi; c += step) {
        int f = C_TO_F(c);
        if (kelvin)
            printf("%4d C = %4d F = %4d K\n", c, f, C_TO_K(c));
        else
            printf("%4d C = %4d F\n", c, f);
    }
    return 0;
}
