#ifndef _REGCAUSE_STDIO_H
#define _REGCAUSE_STDIO_H

#include <_regcause_common.h>

typedef struct _regcause_FILE FILE;
/* glibc's stdio.h also defines ssize_t (POSIX 2008 is on by default). */
#ifndef _REGCAUSE_SSIZE_T
#define _REGCAUSE_SSIZE_T
typedef long ssize_t;
#endif
/* The v*printf family takes a va_list (see stdarg.h). */
#ifndef __GNUC_VA_LIST
#define __GNUC_VA_LIST
typedef __builtin_va_list __gnuc_va_list;
#endif

extern FILE *stdin;
extern FILE *stdout;
extern FILE *stderr;
#define stdin stdin
#define stdout stdout
#define stderr stderr

#define EOF (-1)
#define BUFSIZ 8192

int printf(const char *format, ...);
int fprintf(FILE *stream, const char *format, ...);
int sprintf(char *str, const char *format, ...);
int snprintf(char *str, size_t size, const char *format, ...);
int vprintf(const char *format, __gnuc_va_list ap);
int vfprintf(FILE *stream, const char *format, __gnuc_va_list ap);
int vsprintf(char *str, const char *format, __gnuc_va_list ap);
int vsnprintf(char *str, size_t size, const char *format, __gnuc_va_list ap);

int scanf(const char *format, ...);
int fscanf(FILE *stream, const char *format, ...);
int sscanf(const char *str, const char *format, ...);

int puts(const char *s);
int fputs(const char *s, FILE *stream);
int putchar(int c);
int fputc(int c, FILE *stream);
int putc(int c, FILE *stream);

int getchar(void);
int getc(FILE *stream);
int fgetc(FILE *stream);
int ungetc(int c, FILE *stream);
char *fgets(char *s, int size, FILE *stream);
/* Removed from C11 and hidden by glibc's header in gcc's default mode (gcc then
   declares it implicitly); declared here so calls get its real prototype. A line
   longer than the buffer is an out-of-bounds write. */
char *gets(char *s);

FILE *fopen(const char *pathname, const char *mode);
FILE *fdopen(int fd, const char *mode);
int fileno(FILE *stream);
int fclose(FILE *stream);
size_t fread(void *ptr, size_t size, size_t nmemb, FILE *stream);
size_t fwrite(const void *ptr, size_t size, size_t nmemb, FILE *stream);
int feof(FILE *stream);
int ferror(FILE *stream);
int fflush(FILE *stream);

/* Buffering (glibc's values). stdout buffers as glibc's does in each mode, which
   decides what an abort() loses; a buffer the program gives holds nothing it can read
   back (C leaves its contents indeterminate). Buffering stderr is unsupported. */
#define _IOFBF 0
#define _IOLBF 1
#define _IONBF 2
int setvbuf(FILE *stream, char *buf, int mode, size_t size);
void setbuf(FILE *stream, char *buf);
void setbuffer(FILE *stream, char *buf, size_t size);
void setlinebuf(FILE *stream);
void clearerr(FILE *stream);

/* File positioning. The standard streams are pipes in a run: they cannot seek. */
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
typedef struct {
    long __pos;
    long __state;
} fpos_t;
int fseek(FILE *stream, long offset, int whence);
long ftell(FILE *stream);
void rewind(FILE *stream);
int fgetpos(FILE *stream, fpos_t *pos);
int fsetpos(FILE *stream, const fpos_t *pos);

/* Files live in the run's overlay of its tree: nothing reaches the disk. */
FILE *tmpfile(void);
int rename(const char *oldpath, const char *newpath);
int remove(const char *pathname);

/* errno's message, as glibc's strerror gives it. */
void perror(const char *s);
/* glibc's buffer growth: 120 bytes first, then at least doubling. */
ssize_t getline(char **lineptr, size_t *n, FILE *stream);
ssize_t getdelim(char **lineptr, size_t *n, int delim, FILE *stream);

#endif
