/*
 * timesheet - add up working time and pay.
 *
 * Usage: timesheet [-H] [RATE]     RATE in cents per hour, default 1500
 *
 * Each input line is a shift "HH:MM HH:MM" (start and end on the same
 * day, 00:00 to 23:59).  The program prints the length of each shift, the total and the
 * pay for the total at the hourly rate.  With -H, the total is also
 * shown in hours and minutes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MINUTES_PER_HOUR 60
#define DEFAULT_RATE 1500   /* cents per hour */

/* Minutes since midnight of the clock time h:m. */
static int clock_minutes(int h, int m)
{
    return h * MINUTES_PER_HOUR + m;
}

int main(int argc, char **argv)
{
    int sh, sm, eh, em;
    int minutes;
    long total_minutes = 0;
    long pay, per_minute;
    int rate = DEFAULT_RATE;
    int as_hours = 0;
    int shift = 0;
    int i;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-H") == 0)
            as_hours = 1;
        else
            rate = atoi(argv[i]);
    }
    while (scanf("%d:%d %d:%d", &sh, &sm, &eh, &em) == 4) {
        shift++;
        if (sh < 0 || sh > 23 || eh < 0 || eh > 23 || sm < 0 || sm > 59 || em < 0 || em > 59) {
            printf("shift %d: not a clock time, skipped\n", shift);
            continue;
        }
        minutes = clock_minutes(eh, em) - clock_minutes(sh, sm);
        if (minutes < 0) {
            printf("shift %d: ends before it starts, skipped\n", shift);
            continue;
        }
        printf("shift %d: %d min\n", shift, minutes);
        total_minutes += minutes;
    }
    per_minute = rate / MINUTES_PER_HOUR;   /* cents per minute */
    pay = total_minutes * per_minute;
    printf("total: %ld min\n", total_minutes);
    if (as_hours)
        printf("total: %ld:%02ld h\n", total_minutes / MINUTES_PER_HOUR,
               total_minutes % MINUTES_PER_HOUR);
    printf("pay: %ld.%02ld\n", pay / 100, pay % 100);
    return 0;
}
