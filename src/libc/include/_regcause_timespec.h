#ifndef _REGCAUSE_TIMESPEC_H
#define _REGCAUSE_TIMESPEC_H

/* struct timespec, for <time.h> and <sys/stat.h> (glibc's x86-64 layout). */
#ifndef _REGCAUSE_TIME_T
#define _REGCAUSE_TIME_T
typedef long time_t;
#endif

struct timespec {
    time_t tv_sec;
    long tv_nsec;
};

#endif
