/* A va_list handed to vprintf, vfprintf, vsprintf and vsnprintf: logging helpers
   in the usual style, with integers, strings, pointers and doubles. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int errors;

static void report(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
}

static void warn(const char *fmt, ...)
{
    va_list ap;
    errors++;
    fprintf(stderr, "warning %d: ", errors);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static char *fmt_alloc(const char *fmt, ...)
{
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = malloc(n + 1);
    vsprintf(s, fmt, ap2);
    va_end(ap2);
    return s;
}

static int truncated(char *buf, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, cap, fmt, ap);
    va_end(ap);
    return n;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 42;
    const char *name = argc > 2 ? argv[2] : "world";
    report("hello %s, n=%d, hex=%#x, long=%ld\n", name, n, n, (long)n * 1000000007L);
    report("%.3f %e %g|%5s|%-5d|%c\n", n / 7.0, n * 1e10, 0.0001 * n, "ab", n, 'Z');
    if (n < 0)
        warn("negative value %d for %s", n, name);
    warn("%d errors so far (%s)", errors, "counting");
    char *s = fmt_alloc("[%s:%d:%.2f]", name, n, n / 3.0);
    printf("%s %zu\n", s, strlen(s));
    free(s);
    char buf[8];
    int full = truncated(buf, sizeof buf, "%d-%s", n, name);
    printf("%s %d\n", buf, full);
    return errors;
}
