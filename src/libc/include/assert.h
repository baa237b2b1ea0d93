/* No include guard: like glibc's, each inclusion redefines assert according to the
   current NDEBUG. */
#undef assert

_Noreturn void __assert_fail(const char *assertion, const char *file,
                             unsigned int line, const char *function);

#ifdef NDEBUG
#define assert(expr) ((void)0)
#else
/* On failure glibc prints
   "<progname>: <file>:<line>: <function>: Assertion `<expr>' failed.\n" to stderr
   and aborts (SIGABRT). */
#define assert(expr) \
  ((expr) ? (void)0 : __assert_fail(#expr, __FILE__, __LINE__, __func__))
#endif
