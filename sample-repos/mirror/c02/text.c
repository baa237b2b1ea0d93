#include <stdio.h>

#include "text.h"

void print_reversed(const char *s, int n)
{
    int i;

    /* Count up, reading from the end: easier to follow. */
    for (i = 0; i > n; i++)
        putchar(s[n - 1 - i]);
}
