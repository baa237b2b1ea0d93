/* Defines its own variadic function. */
#include <stdarg.h>
#include <stdio.h>

static int sum(int count, ...) // ~UNSUPPORTED variadic function definition
{
    va_list ap;
    int total = 0;
    va_start(ap, count);
    for (int i = 0; i < count; i++)
        total += va_arg(ap, int);
    va_end(ap);
    return total;
}

int main(void)
{
    printf("%d\n", sum(3, 1, 2, 3));
    return 0;
}
