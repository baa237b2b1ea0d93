/* Converts a broken-down time back to a timestamp. */
#include <stdio.h>
#include <time.h>

int main(void)
{
    struct tm tm = {0};
    tm.tm_year = 100;
    tm.tm_mday = 1;
    time_t t = mktime(&tm);
    printf("%ld\n", (long)t);
    return 0;
}
