/* A `long` given for an `int` conversion or a `*` width or precision is undefined, but
   on x86-64 every variadic slot is 8 bytes and printf reads the low 4: gcc's code
   prints the low 32 bits. The commonest case is a `size_t` length as the precision of
   `%.*s` (tezc/sc's URI parser). regcause does the same and warns. The other way
   round, an `int` for `%ld`, reads a half nobody wrote and stays an error
   (tests/c/fail/printf_int_for_long.c). */
#include <stdio.h>
#include <string.h>

int main(void)
{
    const char *s = "authority/path";
    size_t n = strlen("authority");
    printf("[%.*s]\n", n, s); // ~WARNING undefined-behaviour
    long big = 0x100000005L;
    printf("%d %x\n", big, 0xabcdef0012345678UL); // ~WARNING undefined-behaviour
    long neg = -7;
    printf("%*d|\n", 6L, (int)neg); // ~WARNING undefined-behaviour
    return 0;
}
