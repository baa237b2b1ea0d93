/*
 * timesheet - add up working time and pay.
 *
 * Usage: timesheet [RATE]     RATE in cents per hour, default 1500
 *
 * Each input line is a shift "HH:MM HH:MM" (start and end on the same
 * day).  The program prints the length of each shift, the total and the
 * pay for the total at the hourly rate.
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int sh, sm, eh, em;
    int minutes;
    long total = 0;
    long pay;
    int rate = 1500;
    int shift = 0;

    if (argc > 1)
        rate = atoi(argv[1]);
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
    pay = total * rate / 60;
    printf("total: %ld min\n", total);
    printf("pay: %ld.%02ld\n", pay / 100, pay % 100);
    return 0;
}
