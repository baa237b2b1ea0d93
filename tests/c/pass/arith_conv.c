/* Integer promotions and the usual arithmetic conversions. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

static const char *yes(int b) { return b ? "yes" : "no"; }

int main(int argc, char **argv)
{
    int a = argc > 1 ? atoi(argv[1]) : -1;
    unsigned b = 1;
    long l = a;
    unsigned short us = 65535;
    short s = -2;
    unsigned char uc = 255;
    signed char sc = -1;

    /* int + unsigned -> unsigned */
    printf("a + b = %u (as unsigned)\n", a + b);
    printf("a + b > 5: %s\n", yes(a + b > 5));
    /* long vs unsigned int: unsigned converts to long */
    printf("l < b: %s\n", yes(l < b));
    /* unsigned short promotes to int */
    printf("us + 1 = %d, us * 2 = %d\n", us + 1, us * 2);
    printf("s < us: %s\n", yes(s < us));
    /* unsigned char promotes to int, ~uc is negative int */
    printf("~uc = %d, (unsigned char)~uc = %d\n", ~uc, (unsigned char)~uc);
    printf("sc == -1: %s, uc == 255: %s\n", yes(sc == -1), yes(uc == 255));
    printf("(unsigned char)sc == uc: %s\n", yes((unsigned char)sc == uc));
    /* int * unsigned long */
    unsigned long ul = 10;
    printf("a * ul = %lu\n", a * ul);
    /* long long vs unsigned long: unsigned long long */
    long long ll = a;
    printf("ll + 0ul = %lu\n", (unsigned long)(ll + 0ul));
    /* division and modulo across conversions */
    unsigned big = 7;
    printf("(a * 7) / 2 = %d, (a * big) / 2u = %u\n", (a * 7) / 2, (a * big) / 2u);
    printf("a %% 3 = %d, (unsigned)a %% 3 = %u\n", a % 3, (unsigned)a % 3);
    /* negation of unsigned */
    unsigned nb = -b;
    printf("-b = %u, -(unsigned long)b = %lu\n", nb, -(unsigned long)b);
    /* char arithmetic */
    char c = 'a';
    c += a;
    printf("'a' + a = %d ('%c')\n", c, c >= 32 && c < 127 ? c : '?');
    /* mixed conversions in ternaries: result type is unsigned */
    unsigned t = a < 0 ? a + 0u : b;
    printf("ternary unsigned: %u\n", t);
    long lt = a < 0 ? (long)a : (long)b;
    printf("ternary long: %ld\n", lt);
    /* sizes of promoted expressions */
    printf("sizeof(uc+uc)=%zu sizeof(s*s)=%zu sizeof(a+l)=%zu sizeof(b+ll)=%zu sizeof(c)=%zu\n",
           sizeof(uc + uc), sizeof(s * s), sizeof(a + l), sizeof(b + ll), sizeof(c));
    /* comparison results are int */
    int cmp = (us > 1) + (uc > 1) + (sc < 0);
    printf("cmp = %d\n", cmp);
    /* shifts promote the left operand only */
    printf("uc << 4 = %d, us << 8 = %d\n", uc << 4, us << 8);
    printf("INT_MAX + 1u = %u\n", INT_MAX + 1u);
    printf("(long)INT_MAX + 1 = %ld\n", (long)INT_MAX + 1);
    printf("UINT_MAX + 1ul = %lu\n", UINT_MAX + 1ul);
    return 0;
}
