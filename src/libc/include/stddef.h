#ifndef _REGCAUSE_STDDEF_H
#define _REGCAUSE_STDDEF_H

#include <_regcause_common.h>

typedef long ptrdiff_t;
typedef int wchar_t;

#define offsetof(type, member) __builtin_offsetof(type, member)

#endif
