#ifndef _REGCAUSE_STRINGS_H
#define _REGCAUSE_STRINGS_H

#include <_regcause_common.h>

/* C locale: case folding of ASCII letters only. */
int strcasecmp(const char *s1, const char *s2);
int strncasecmp(const char *s1, const char *s2, size_t n);
void bzero(void *s, size_t n);
void bcopy(const void *src, void *dest, size_t n);
int bcmp(const void *s1, const void *s2, size_t n);
char *index(const char *s, int c);
char *rindex(const char *s, int c);

#endif
