#ifndef _REGCAUSE_STDARG_H
#define _REGCAUSE_STDARG_H

/* As gcc's own stdarg.h. regcause's front end gives __builtin_va_list the type
   `char *`: a pointer into the variadic function's argument area, one 16-byte slot per
   argument (so, unlike natively, sizeof(va_list) is 8), and lowers the built-ins. */
#ifndef __GNUC_VA_LIST
#define __GNUC_VA_LIST
typedef __builtin_va_list __gnuc_va_list;
#endif
typedef __gnuc_va_list va_list;
#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_arg(ap, type) __builtin_va_arg(ap, type)
#define va_end(ap) __builtin_va_end(ap)
#define va_copy(d, s) __builtin_va_copy(d, s)
#define __va_copy(d, s) __builtin_va_copy(d, s)

#endif
