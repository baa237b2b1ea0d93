/* Variadic function definitions: va_start, va_arg of int, unsigned, long, pointer and
   double, va_end, va_copy, a va_list handed to a helper, and a sentinel-terminated
   list. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int sum_ints(int count, ...)
{
    va_list ap;
    int total = 0;
    va_start(ap, count);
    for (int i = 0; i < count; i++)
        total += va_arg(ap, int);
    va_end(ap);
    return total;
}

static double mean(int count, ...)
{
    va_list ap;
    double s = 0;
    va_start(ap, count);
    for (int i = 0; i < count; i++)
        s += va_arg(ap, double);
    va_end(ap);
    return count ? s / count : 0.0;
}

/* Mixed kinds described by a format: i int, u unsigned, l long, s string, d double. */
static void show(const char *kinds, ...)
{
    va_list ap, again;
    va_start(ap, kinds);
    va_copy(again, ap);
    for (const char *k = kinds; *k; k++) {
        switch (*k) {
        case 'i':
            printf("[i %d]", va_arg(ap, int));
            break;
        case 'u':
            printf("[u %u]", va_arg(ap, unsigned));
            break;
        case 'l':
            printf("[l %ld]", va_arg(ap, long));
            break;
        case 's':
            printf("[s %s]", va_arg(ap, const char *));
            break;
        case 'd':
            printf("[d %.3f]", va_arg(ap, double));
            break;
        }
    }
    va_end(ap);
    /* The copy starts again from the first variadic argument. */
    if (*kinds == 'i')
        printf(" first again %d", va_arg(again, int));
    va_end(again);
    printf("\n");
}

static long longest(const char *first, va_list ap)
{
    long best = 0;
    for (const char *s = first; s; s = va_arg(ap, const char *)) {
        long n = 0;
        while (s[n])
            n++;
        if (n > best)
            best = n;
    }
    return best;
}

static long longest_of(const char *first, ...)
{
    va_list ap;
    va_start(ap, first);
    long r = longest(first, ap);
    va_end(ap);
    return r;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4;
    char c = 'x';
    short sh = -3;
    float f = 2.5f;
    printf("%d %d %d\n", sum_ints(0), sum_ints(3, 1, 2, 3), sum_ints(4, n, -n, c, sh));
    printf("%.4f %.4f\n", mean(2, 1.0, 2.0), mean(3, f, (double)n, 0.25));
    show("iulsd", n, (unsigned)n * 3000000000u, (long)n << 40, "str", n / 3.0);
    show("dsi", -1.5, argc > 1 ? argv[1] : "none", c);
    printf("%ld\n", longest_of("a", "abcd", argc > 1 ? argv[1] : "xy", (char *)NULL));
    return 0;
}
