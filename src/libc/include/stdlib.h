#ifndef _REGCAUSE_STDLIB_H
#define _REGCAUSE_STDLIB_H

#include <_regcause_common.h>
/* glibc's <stdlib.h> declares `alloca` too (gcc's default GNU dialect). */
#include <alloca.h>

#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647

typedef struct {
  int quot;
  int rem;
} div_t;

typedef struct {
  long quot;
  long rem;
} ldiv_t;

typedef struct {
  long long quot;
  long long rem;
} lldiv_t;

void *malloc(size_t size);
void *calloc(size_t nmemb, size_t size);
void *realloc(void *ptr, size_t size);
void free(void *ptr);

int atoi(const char *nptr);
long atol(const char *nptr);
long long atoll(const char *nptr);
double atof(const char *nptr);
long strtol(const char *nptr, char **endptr, int base);
long long strtoll(const char *nptr, char **endptr, int base);
unsigned long strtoul(const char *nptr, char **endptr, int base);
unsigned long long strtoull(const char *nptr, char **endptr, int base);
double strtod(const char *nptr, char **endptr);
long double strtold(const char *nptr, char **endptr);
float strtof(const char *nptr, char **endptr);

int abs(int j);
long labs(long j);
long long llabs(long long j);
div_t div(int numer, int denom);
ldiv_t ldiv(long numer, long denom);
lldiv_t lldiv(long long numer, long long denom);

_Noreturn void exit(int status);
_Noreturn void abort(void);
/* Ends the run at once: no atexit handlers, and what stdio buffers is lost. */
_Noreturn void _Exit(int status);
/* Declared only: a run is sealed, so calling it stops the run as unsupported. */
int system(const char *command);
/* Handlers run at exit in reverse order of registration, before stdout is flushed. */
int atexit(void (*function)(void));
/* The controlled environment: empty unless the run sets variables (--env NAME=VALUE);
   the environment regcause runs in never leaks in. */
char *getenv(const char *name);
int setenv(const char *name, const char *value, int overwrite);
int unsetenv(const char *name);
int putenv(char *string);

void qsort(void *base, size_t nmemb, size_t size,
           int (*compar)(const void *, const void *));
void *bsearch(const void *key, const void *base, size_t nmemb, size_t size,
              int (*compar)(const void *, const void *));

int rand(void);
void srand(unsigned int seed);
/* `rand`'s generator and state (glibc's `rand` is `random`). */
long random(void);
void srandom(unsigned int seed);
/* glibc's 48-bit generator (POSIX), with a state of its own. */
double drand48(void);
long lrand48(void);
long mrand48(void);
void srand48(long seedval);

#endif
