#ifndef _REGCAUSE_UNISTD_H
#define _REGCAUSE_UNISTD_H

#include <_regcause_common.h>
#include <_regcause_getopt.h>
#include <sys/types.h>

/* `environ`: the run's environment, as `envp`; kept by the library and reached through
   an accessor (as getopt's globals), so a program's own `extern char **environ;`
   still declares the same thing. */
char ***__regcause_environ(void);
#define environ (*__regcause_environ())

#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2

/* On the standard streams only. The streams are never terminals: isatty() is 0. */
ssize_t read(int fd, void *buf, size_t count);
ssize_t write(int fd, const void *buf, size_t count);
int isatty(int fd);

/* The page size and clock tick of x86-64 Linux; any other name is unsupported (its
   value would be the host's). */
#define _SC_CLK_TCK 2
#define _SC_PAGESIZE 30
#define _SC_PAGE_SIZE _SC_PAGESIZE
#define _SC_NPROCESSORS_CONF 83
#define _SC_NPROCESSORS_ONLN 84
long sysconf(int name);
int getpagesize(void);

#define F_OK 0
#define X_OK 1
#define W_OK 2
#define R_OK 4
#ifndef SEEK_SET
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#endif

/* Declared so programs compile; those regcause does not model stop the run with
   `unsupported:` when called. */
int close(int fd);
off_t lseek(int fd, off_t offset, int whence);
int access(const char *path, int mode);
int unlink(const char *path);
int rmdir(const char *path);
int dup(int fd);
int dup2(int oldfd, int newfd);
char *getcwd(char *buf, size_t size);
int chdir(const char *path);
pid_t getpid(void);
_Noreturn void _exit(int status);
unsigned int sleep(unsigned int seconds);
int usleep(unsigned int usec);

#endif
