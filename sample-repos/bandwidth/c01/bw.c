/*
 * bw - for each transfer "NAME KIB" on stdin, print its size in bytes, then
 * the total.
 */
#include <stdio.h>

#include "units.h"

int main(void)
{
    char name[32];
    double kib;
    long total = 0;

    while (scanf("%31s %lf", name, &kib) == 2) {
        long bytes = kib_to_bytes(kib);
        printf("%-10s %ld\n", name, bytes);
        total += bytes;
    }
    printf("total %ld\n", total);
    return 0;
}
