#ifndef _REGCAUSE_WCHAR_H
#define _REGCAUSE_WCHAR_H

#include <_regcause_common.h>

/* x86_64 glibc: wchar_t is a 32-bit int, wint_t unsigned. */
#ifndef _REGCAUSE_WCHAR_T
#define _REGCAUSE_WCHAR_T
typedef int wchar_t;
#endif
typedef unsigned int wint_t;

#define WEOF (0xffffffffu)
#define WCHAR_MIN (-2147483647 - 1)
#define WCHAR_MAX (2147483647)

size_t wcslen(const wchar_t *s);
int wcscmp(const wchar_t *s1, const wchar_t *s2);
wchar_t *wcscpy(wchar_t *dest, const wchar_t *src);
int wcsncmp(const wchar_t *s1, const wchar_t *s2, size_t n);
wchar_t *wcschr(const wchar_t *s, wchar_t c);
wchar_t *wcsrchr(const wchar_t *s, wchar_t c);
wchar_t *wcscat(wchar_t *dest, const wchar_t *src);
wchar_t *wcsncpy(wchar_t *dest, const wchar_t *src, size_t n);

#endif
