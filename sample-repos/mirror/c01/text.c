#include <stdio.h>

#include "text.h"

void print_reversed(const char *s, int n)
{
    int i;

    for (i = n - 1; i >= 0; i--)
        putchar(s[i]);
}
