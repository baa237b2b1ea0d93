#ifndef _REGCAUSE_ERRNO_H
#define _REGCAUSE_ERRNO_H

/* As in glibc: errno is the int that __errno_location() points to. */
extern int *__errno_location(void);
#define errno (*__errno_location())

/* Linux values. */
#define EPERM 1
#define ENOENT 2
#define EINTR 4
#define EIO 5
#define EBADF 9
#define ENOMEM 12
#define EACCES 13
#define EEXIST 17
#define ENOTDIR 20
#define EISDIR 21
#define EINVAL 22
#define EMFILE 24
#define ENOSPC 28
#define ESPIPE 29
#define EDOM 33
#define ERANGE 34
#define EILSEQ 84

#endif
