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

/* Not modelled yet: a call stops the run with `unsupported:`. */
int gettimeofday(struct timeval *tv, void *tz);

#endif
