#ifndef _REGCAUSE_UNISTD_H
#define _REGCAUSE_UNISTD_H

#include <_regcause_common.h>
#include <_regcause_getopt.h>

#ifndef _REGCAUSE_SSIZE_T
#define _REGCAUSE_SSIZE_T
typedef long ssize_t;
#endif

#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2

/* On the standard streams only. The streams are never terminals: isatty() is 0. */
ssize_t read(int fd, void *buf, size_t count);
ssize_t write(int fd, const void *buf, size_t count);
int isatty(int fd);

#endif
