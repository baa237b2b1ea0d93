/* The clocks test frameworks time their tests with (minunit: clock_gettime, getrusage,
   times): glibc's layouts and constants, success, and time that never runs backwards.
   The values themselves differ (regcause counts statements), so only facts print. */
#include <stddef.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>

static volatile long sink;

static void work(void)
{
    for (long i = 0; i < 200000; i++)
        sink += i;
}

int main(void)
{
    printf("sizes %zu %zu %zu %zu\n", sizeof(struct timespec), sizeof(struct rusage),
           sizeof(struct tms), offsetof(struct rusage, ru_maxrss));
    printf("clocks %d %d %d %d %d\n", CLOCK_REALTIME, CLOCK_MONOTONIC,
           CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID, CLOCK_MONOTONIC_RAW);
    printf("rusage %d %d\n", RUSAGE_SELF, RUSAGE_CHILDREN);

    struct timespec a, b, r;
    int ok = clock_gettime(CLOCK_MONOTONIC, &a) == 0;
    work();
    ok &= clock_gettime(CLOCK_MONOTONIC, &b) == 0;
    ok &= clock_gettime(CLOCK_REALTIME, &r) == 0;
    printf("clock_gettime %d %d %d %d\n", ok, a.tv_nsec < 1000000000L,
           b.tv_sec > a.tv_sec || (b.tv_sec == a.tv_sec && b.tv_nsec >= a.tv_nsec),
           r.tv_sec > 1600000000L);

    struct rusage u1, u2;
    ok = getrusage(RUSAGE_SELF, &u1) == 0;
    work();
    ok &= getrusage(RUSAGE_SELF, &u2) == 0;
    double t1 = u1.ru_utime.tv_sec + u1.ru_utime.tv_usec / 1e6;
    double t2 = u2.ru_utime.tv_sec + u2.ru_utime.tv_usec / 1e6;
    printf("getrusage %d %d %d\n", ok, u2.ru_utime.tv_usec < 1000000L, t2 >= t1);

    struct tms m1, m2;
    clock_t c1 = times(&m1);
    work();
    clock_t c2 = times(&m2);
    printf("times %d %d %d\n", c1 != (clock_t)-1, c2 >= c1, m2.tms_utime >= m1.tms_utime);
    return 0;
}
