#ifndef _REGCAUSE_SIGNAL_H
#define _REGCAUSE_SIGNAL_H

/* Signals a program raises itself: `signal` records a handler, `raise` runs it (or,
   with SIG_DFL, ends the run as the signal would). Nothing else sends signals. */
#include <sys/types.h>

typedef int sig_atomic_t;
typedef void (*__sighandler_t)(int);
typedef __sighandler_t sighandler_t;

#define SIG_ERR ((__sighandler_t)-1)
#define SIG_DFL ((__sighandler_t)0)
#define SIG_IGN ((__sighandler_t)1)

#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGBUS 7
#define SIGFPE 8
#define SIGKILL 9
#define SIGUSR1 10
#define SIGSEGV 11
#define SIGUSR2 12
#define SIGPIPE 13
#define SIGALRM 14
#define SIGTERM 15
#define SIGCHLD 17

__sighandler_t signal(int signum, __sighandler_t handler);
int raise(int sig);
int kill(pid_t pid, int sig);

#endif
