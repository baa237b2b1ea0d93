/* Reads a char with va_arg, which gcc compiles to a trap (chars are passed as int). */
#include <stdarg.h>
#include <stdio.h>

static char first(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    char c = va_arg(ap, char); // ~UNSUPPORTED va_arg
    va_end(ap);
    return c;
}

int main(void)
{
    printf("%c\n", first(1, 'a'));
    return 0;
}
