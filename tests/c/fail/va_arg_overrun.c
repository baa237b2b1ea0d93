/* Sums more variadic arguments than the caller passed. */
#include <stdarg.h>
#include <stdio.h>

static int sum(int count, ...)
{
    va_list ap;
    int total = 0;
    va_start(ap, count);
    for (int i = 0; i < count; i++)
        total += va_arg(ap, int); // ~ERROR out-of-bounds
    va_end(ap);
    return total;
}

int main(void)
{
    printf("%d\n", sum(2, 1, 2));
    printf("%d\n", sum(3, 1, 2));
    return 0;
}
