#include <stdio.h>

#include "readings.h"

static int levels[8];

int main(void)
{
    int n = 0;

    while (n < 8 && scanf("%d", &levels[n]) == 1)
        n++;
    printf("%d readings\n", n);
    printf("%d rises\n", count_rises(levels, n));
    printf("largest step %d\n", largest_step(levels, n));
    return 0;
}
