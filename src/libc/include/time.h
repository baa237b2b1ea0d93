#ifndef _REGCAUSE_TIME_H
#define _REGCAUSE_TIME_H

#include <_regcause_common.h>

/* Runs are deterministic: time() returns 1700000000 (2023-11-14 22:13:20 UTC) and the
   run records that it depends on it; clock() counts interpreted statements, one
   microsecond per thousand; there is no TZ, so localtime() is UTC. */
#ifndef _REGCAUSE_TIME_T
#define _REGCAUSE_TIME_T
typedef long time_t;
#endif
#ifndef _REGCAUSE_CLOCK_T
#define _REGCAUSE_CLOCK_T
typedef long clock_t;
#endif

#define CLOCKS_PER_SEC ((clock_t)1000000)

/* glibc's layout (x86_64). */
struct tm {
  int tm_sec;
  int tm_min;
  int tm_hour;
  int tm_mday;
  int tm_mon;
  int tm_year;
  int tm_wday;
  int tm_yday;
  int tm_isdst;
  long tm_gmtoff;
  const char *tm_zone;
};

#include <_regcause_timespec.h>

/* clock_gettime counts as clock() does: CLOCK_REALTIME from time()'s fixed start, the
   other clocks from 0. */
typedef int clockid_t;
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID 3
#define CLOCK_MONOTONIC_RAW 4
#define CLOCK_REALTIME_COARSE 5
#define CLOCK_MONOTONIC_COARSE 6
#define CLOCK_BOOTTIME 7
int clock_gettime(clockid_t clockid, struct timespec *tp);
/* Returns at once; the wall and monotonic clocks (and time()) count the time slept. */
int nanosleep(const struct timespec *req, struct timespec *rem);

time_t time(time_t *tloc);
clock_t clock(void);
double difftime(time_t time1, time_t time0);
struct tm *gmtime(const time_t *timep);
struct tm *localtime(const time_t *timep);
/* In UTC: normalises the fields and returns the seconds since the epoch. */
time_t mktime(struct tm *tm);
size_t strftime(char *s, size_t max, const char *format, const struct tm *tm);

#endif
