/* Forwards arguments to vfprintf through a va_list built by a helper. */
#include <stdarg.h>
#include <stdio.h>

static void logf_(const char *fmt, ...) // ~UNSUPPORTED variadic function definition with vfprintf
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}

int main(void)
{
    logf_("%d-%s\n", 3, "x");
    return 0;
}
