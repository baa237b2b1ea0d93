#ifndef _REGCAUSE_STDDEF_H
#define _REGCAUSE_STDDEF_H

#include <_regcause_common.h>

typedef long ptrdiff_t;
#ifndef _REGCAUSE_WCHAR_T
#define _REGCAUSE_WCHAR_T
typedef int wchar_t;
#endif

#define offsetof(type, member) __builtin_offsetof(type, member)

#endif
