/*
 * timesheet - add up working time.
 *
 * Each input line is a shift "HH:MM HH:MM" (start and end on the same
 * day).  The program prints the length of each shift and the total.
 */
#include <stdio.h>

int main(void)
{
    int sh, sm, eh, em;
    int minutes;
    long total = 0;
    int shift = 0;

    while (scanf("%d:%d %d:%d", &sh, &sm, &eh, &em) == 4) {
        shift++;
        minutes = (eh * 60 + em) - (sh * 60 + sm);
        if (minutes < 0) {
            printf("shift %d: ends before it starts, skipped\n", shift);
            continue;
        }
        printf("shift %d: %d min\n", shift, minutes);
        total += minutes;
    }
    printf("total: %ld min\n", total);
    return 0;
}
