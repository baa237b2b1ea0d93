#ifndef _REGCAUSE_SYS_TIMES_H
#define _REGCAUSE_SYS_TIMES_H

/* times counts as clock() does, in Linux's 100 ticks a second: the user time and the
   elapsed time are that count, the rest 0. */
#include <sys/types.h>

#ifndef _REGCAUSE_CLOCK_T
#define _REGCAUSE_CLOCK_T
typedef long clock_t;
#endif

struct tms {
    clock_t tms_utime;
    clock_t tms_stime;
    clock_t tms_cutime;
    clock_t tms_cstime;
};

clock_t times(struct tms *buf);

#endif
