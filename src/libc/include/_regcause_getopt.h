/* getopt's globals. regcause keeps them in the library model, reached through
   accessor functions as glibc reaches errno, so that `optind = 1;`, `&optind` and a
   program's own `extern int optind;` keep working. */
#ifndef _REGCAUSE_GETOPT_CORE_H
#define _REGCAUSE_GETOPT_CORE_H

char **__regcause_optarg(void);
int *__regcause_optind(void);
int *__regcause_opterr(void);
int *__regcause_optopt(void);
#define optarg (*__regcause_optarg())
#define optind (*__regcause_optind())
#define opterr (*__regcause_opterr())
#define optopt (*__regcause_optopt())

/* glibc's: permutes argv unless the option string starts with '+' (no
   POSIXLY_CORRECT in the controlled environment). */
int getopt(int argc, char *const argv[], const char *optstring);

#endif
