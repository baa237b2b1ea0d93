#ifndef _REGCAUSE_STDARG_H
#define _REGCAUSE_STDARG_H

/* Programs under regcause may call libc's variadic functions but not define their
   own, so only the type is provided (no va_start/va_arg/va_end, no v*printf). */
typedef char *va_list;
/* These parse, so that a program defining a variadic function is rejected with a
   located "unsupported" message instead of a syntax error; they are never run. */
#define va_start(ap, last) ((void)(ap))
#define va_arg(ap, type) (*(type *)(ap))
#define va_end(ap) ((void)(ap))
#define va_copy(d, s) ((void)((d) = (s)))

#endif
