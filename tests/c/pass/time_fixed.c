/* <time.h> without depending on the real clock: what time() returns is only
   compared, clock() only checked for sanity; calendar conversions and strftime of
   fixed timestamps. */
#include <stdio.h>
#include <time.h>

static void show(time_t t)
{
    char buf[128];
    struct tm *tm = gmtime(&t);
    if (tm == NULL) {
        printf("%ld: out of range\n", (long)t);
        return;
    }
    size_t n = strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S %a %b %j %Z|%c|%D %r", tm);
    printf("%ld: %s (%zu) wday=%d yday=%d isdst=%d\n", (long)t, buf, n, tm->tm_wday, tm->tm_yday,
           tm->tm_isdst);
}

int main(int argc, char **argv)
{
    time_t now = time(NULL);
    time_t again;
    time_t r = time(&again);
    printf("time positive %d, stored %d\n", now > 1600000000, r == again);
    printf("difftime %.1f %.1f\n", difftime(r, now) >= 0 ? 0.0 : -1.0, difftime(100, 40));
    clock_t c0 = clock();
    volatile long s = 0;
    for (long i = 0; i < 100000; i++) {
        s += i;
    }
    clock_t c1 = clock();
    printf("clock ok %d, CLOCKS_PER_SEC %ld, sum %ld\n", c0 >= 0 && c1 >= c0, (long)CLOCKS_PER_SEC,
           (long)s);
    long base = argc > 1 ? 86400L * 365 * (argv[1][0] - '0') : 0;
    long ts[] = {0, 951782400, 951868799, 1234567890, 2147483647, -86400, 1700000000};
    for (unsigned i = 0; i < sizeof ts / sizeof ts[0]; i++) {
        show(ts[i] + base);
    }
    struct tm tm = {0};
    tm.tm_year = 124;
    tm.tm_mon = 1;
    tm.tm_mday = 29;
    tm.tm_hour = 13;
    tm.tm_wday = 4;
    tm.tm_yday = 59;
    char small[8];
    printf("too small %zu\n", strftime(small, sizeof small, "%Y-%m-%d", &tm));
    printf("fits %zu [%s]\n", strftime(small, sizeof small, "%H%%%I%p", &tm), small);
    char empty[4] = "xyz";
    printf("empty %zu [%s]\n", strftime(empty, sizeof empty, "", &tm), empty);
    return 0;
}
