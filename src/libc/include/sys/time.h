#ifndef _REGCAUSE_SYS_TIME_H
#define _REGCAUSE_SYS_TIME_H

#include <sys/types.h>

struct timeval {
    time_t tv_sec;
    suseconds_t tv_usec;
};
struct timezone {
    int tz_minuteswest;
    int tz_dsttime;
};

/* The fixed clock of time() (1700000000), advancing 1 microsecond per 1000 interpreted
   statements as clock() does; the zone is UTC. */
int gettimeofday(struct timeval *tv, void *tz);

#endif
