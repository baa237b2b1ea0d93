/* Sleeping: regcause returns at once and its wall and monotonic clocks count the time
 * slept, so a test timing a sleep (tezc/sc's timer) sees it pass, as natively; the
 * CPU-time clock does not count it. A bad request is EINVAL. */
#include <errno.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static long long ns(clockid_t c) {
    struct timespec t;
    clock_gettime(c, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(void) {
    long long m0 = ns(CLOCK_MONOTONIC), r0 = ns(CLOCK_REALTIME);
    long long c0 = ns(CLOCK_PROCESS_CPUTIME_ID);
    usleep(2000);
    struct timespec req = {0, 3000000};
    int rc = nanosleep(&req, NULL);
    long long m1 = ns(CLOCK_MONOTONIC), r1 = ns(CLOCK_REALTIME);
    long long c1 = ns(CLOCK_PROCESS_CPUTIME_ID);
    printf("nanosleep %d\n", rc);
    printf("monotonic %d realtime %d\n", m1 - m0 >= 5000000, r1 - r0 >= 5000000);
    printf("cpu below 4 ms %d\n", c1 - c0 < 4000000);
    struct timespec bad = {0, 1000000000};
    errno = 0;
    rc = nanosleep(&bad, NULL);
    printf("bad %d %d\n", rc, errno == EINVAL);
    bad.tv_sec = -1;
    bad.tv_nsec = 0;
    printf("negative %d %d\n", nanosleep(&bad, NULL), errno == EINVAL);
    printf("sleep 0: %u\n", sleep(0));
    return 0;
}
