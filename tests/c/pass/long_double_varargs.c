/* long double through variadic functions: printf's %Lf %Le %LE %Lg %LG %La %LA on
   ordinary and special values (infinities, NaNs, subnormals, the largest value), v*printf
   through a va_list, and a user function reading va_arg(ap, long double). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static long double sum_ld(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    long double s = 0;
    for (int i = 0; i < n; i++)
        s += va_arg(ap, long double);
    va_end(ap);
    return s;
}

/* Mixed kinds: an int, a long double, a double, a pointer. */
static void mixed(const char *tag, ...)
{
    va_list ap;
    va_start(ap, tag);
    int i = va_arg(ap, int);
    long double x = va_arg(ap, long double);
    double d = va_arg(ap, double);
    const char *s = va_arg(ap, const char *);
    va_end(ap);
    printf("%s %d %.21Lg %.17g %s\n", tag, i, x, d, s);
}

static void show(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
}

int main(int argc, char **argv)
{
    int k = argc > 1 ? atoi(argv[1]) : 1;
    printf("%Lg\n", sum_ld(3, 1.0L * k, 0.5L, 1e-19L));
    printf("%.25Lf\n", sum_ld(2, 1.0L * k, 1e-19L));
    mixed("m", k, 1 / 3.0L * k, 0.1 * k, "end");
    show("%d %Lf %s %.3Le %5.1LF|\n", 7 * k, 2.5L * k, "x", 12345.678L * k, -0.25L);

    long double z = 0 * k;
    printf("[%Lf] [%Lf] [%Lf] [%LE] [%LG] [%La] [%LA]\n", 1 / z, -1 / z, z / z, -z,
           1e-4950L * k, 1.5L * k, -0x1.8p-16400L * k);
    printf("[%10.3Lf] [%-12Lg] [%+Le] [%#.0Lf] [%010.2Lf]\n", 3.14159L * k, 2.5L * k,
           1e100L * k, 2.0L * k, -1.5L * k);
    printf("%Lg %.30Le %Lg\n", 1.18973149535723176502e+4932L, 3.6e-4951L * k,
           1.18973149535723176502e+4932L * 2 * k);
    printf("%.40Lf\n", 1e-30L * k);
    printf("%.0Lf %.0Lf %.0Lf %.1Lf\n", 0.5L * k, 1.5L * k, 2.5L * k, 0.25L * k);
    return 0;
}
