/*
 * trend - temperatures in tenths of a degree on stdin; print each change from
 * the previous reading in whole degrees.
 */
#include <stdio.h>

#include "round.h"

int main(void)
{
    int prev, cur, d;

    if (scanf("%d", &prev) != 1)
        return 1;
    while (scanf("%d", &cur) == 1) {
        d = cur - prev;
        printf("%d\n", d < 0 ? -round_div(-d, 10) : round_div(d, 10));
        prev = cur;
    }
    return 0;
}
