/* mktime in UTC (the environment has no TZ): normalisation of out-of-range fields,
   tm_wday/tm_yday filled in, round trip through gmtime and strftime. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void show(const char *what, int year, int mon, int mday, int hour, int min, int sec)
{
    struct tm tm = {0};
    tm.tm_year = year;
    tm.tm_mon = mon;
    tm.tm_mday = mday;
    tm.tm_hour = hour;
    tm.tm_min = min;
    tm.tm_sec = sec;
    tm.tm_isdst = 0;
    time_t t = mktime(&tm);
    char buf[64];
    strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S %a", &tm);
    printf("%-12s %12ld %s wday=%d yday=%d isdst=%d\n", what, (long)t, buf, tm.tm_wday,
           tm.tm_yday, tm.tm_isdst);
    struct tm *back = gmtime(&t);
    printf("%-12s round trip %d\n", "", back->tm_year == tm.tm_year && back->tm_yday == tm.tm_yday &&
                                            back->tm_sec == tm.tm_sec);
}

int main(int argc, char **argv)
{
    show("epoch", 70, 0, 1, 0, 0, 0);
    show("y2k", 100, 0, 1, 0, 0, 0);
    show("month 14", 99, 14, 1, 12, 0, 0);
    show("day 0", 124, 2, 0, 0, 0, 0);
    show("day -40", 123, 0, -40, 0, 0, 0);
    show("sec 3661", 101, 5, 15, 0, 0, 3661);
    show("neg fields", 110, -3, 31, -1, -61, -61);
    show("leap 2000", 100, 1, 29, 23, 59, 60);
    show("before 1970", 60, 6, 4, 6, 30, 0);
    if (argc > 1) {
        show("arg", atoi(argv[1]), argc > 2 ? atoi(argv[2]) : 0, argc > 3 ? atoi(argv[3]) : 1, 0,
             0, 0);
    }
    return 0;
}
