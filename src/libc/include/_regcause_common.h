/* regcause's libc headers: shared definitions (size_t, NULL).
   These headers are regcause's own, written for its interpreter; they describe the
   LP64 x86_64 glibc ABI and declare only the functions the interpreter models. */
#ifndef _REGCAUSE_COMMON_H
#define _REGCAUSE_COMMON_H

typedef unsigned long size_t;

#ifndef NULL
#define NULL ((void *)0)
#endif

#endif
