/* Converts a broken-down time back to a timestamp: mktime is not modelled. */
#include <stdio.h>
#include <time.h>

int main(void)
{
    struct tm tm = {0};
    tm.tm_year = 100;
    tm.tm_mday = 1;
    time_t t = mktime(&tm); // ~UNSUPPORTED unknown libc function mktime
    printf("%ld\n", (long)t);
    return 0;
}
