#ifndef _REGCAUSE_SYS_TYPES_H
#define _REGCAUSE_SYS_TYPES_H

/* POSIX's system types, as glibc defines them for x86-64. */
#include <_regcause_common.h>

#ifndef _REGCAUSE_SSIZE_T
#define _REGCAUSE_SSIZE_T
typedef long ssize_t;
#endif
#ifndef _REGCAUSE_TIME_T
#define _REGCAUSE_TIME_T
typedef long time_t;
#endif

#ifndef _REGCAUSE_OFF_T
#define _REGCAUSE_OFF_T
typedef long off_t;
#endif
#ifndef _REGCAUSE_PID_T
#define _REGCAUSE_PID_T
typedef int pid_t;
#endif
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int mode_t;
typedef unsigned long dev_t;
typedef unsigned long ino_t;
typedef unsigned long nlink_t;
typedef long blksize_t;
typedef long blkcnt_t;
typedef unsigned int useconds_t;
typedef long suseconds_t;
#ifndef _REGCAUSE_CLOCK_T
#define _REGCAUSE_CLOCK_T
typedef long clock_t;
#endif

#endif
