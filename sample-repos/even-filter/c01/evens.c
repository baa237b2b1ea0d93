/*
 * evens - print the non-negative even numbers of stdin, then how many there were.
 */
#include <stdio.h>

#include "filter.h"

int main(void)
{
    int v, kept = 0;

    while (scanf("%d", &v) == 1) {
        if (keep(v)) {
            printf("%d\n", v);
            kept++;
        }
    }
    printf("%d kept\n", kept);
    return 0;
}
