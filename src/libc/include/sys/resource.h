#ifndef _REGCAUSE_SYS_RESOURCE_H
#define _REGCAUSE_SYS_RESOURCE_H

/* getrusage gives the user time counted as clock() does (1 microsecond per thousand
   interpreted statements) and 0 for everything else; glibc's x86-64 layout. */
#include <sys/time.h>

#define RUSAGE_SELF 0
#define RUSAGE_CHILDREN (-1)
#define RUSAGE_THREAD 1

struct rusage {
    struct timeval ru_utime;
    struct timeval ru_stime;
    long ru_maxrss;
    long ru_ixrss;
    long ru_idrss;
    long ru_isrss;
    long ru_minflt;
    long ru_majflt;
    long ru_nswap;
    long ru_inblock;
    long ru_oublock;
    long ru_msgsnd;
    long ru_msgrcv;
    long ru_nsignals;
    long ru_nvcsw;
    long ru_nivcsw;
};

int getrusage(int who, struct rusage *usage);

#endif
