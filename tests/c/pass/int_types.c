/* Sizes, limits and wrap-around of every integer type (LP64, signed char). */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void show_sizes(void)
{
    printf("sizeof: char=%zu short=%zu int=%zu long=%zu llong=%zu bool=%zu\n",
           sizeof(char), sizeof(short), sizeof(int), sizeof(long), sizeof(long long),
           sizeof(_Bool));
    printf("sizeof: int8=%zu int16=%zu int32=%zu int64=%zu size_t=%zu ptrdiff=%zu\n",
           sizeof(int8_t), sizeof(int16_t), sizeof(int32_t), sizeof(int64_t), sizeof(size_t),
           sizeof(ptrdiff_t));
}

static void show_limits(void)
{
    printf("char: %d..%d uchar max %d\n", CHAR_MIN, CHAR_MAX, UCHAR_MAX);
    printf("schar: %d..%d\n", SCHAR_MIN, SCHAR_MAX);
    printf("short: %d..%d ushort max %d\n", SHRT_MIN, SHRT_MAX, USHRT_MAX);
    printf("int: %d..%d uint max %u\n", INT_MIN, INT_MAX, UINT_MAX);
    printf("long: %ld..%ld ulong max %lu\n", LONG_MIN, LONG_MAX, ULONG_MAX);
    printf("llong: %lld..%lld ullong max %llu\n", LLONG_MIN, LLONG_MAX, ULLONG_MAX);
    printf("int64: %lld..%lld uint32 max %u\n", (long long)INT64_MIN, (long long)INT64_MAX,
           (unsigned)UINT32_MAX);
    printf("CHAR_BIT=%d\n", CHAR_BIT);
}

static void show_wrap(int n)
{
    unsigned char uc = 250;
    signed char sc = 120;
    unsigned short us = 65530;
    short s = 32760;
    unsigned u = UINT_MAX - 3;
    unsigned long ul = ULONG_MAX - 2;
    int i;
    for (i = 0; i < n; i++) {
        uc++;
        sc = (signed char)(sc + 1); /* implementation-defined narrowing: wraps in gcc */
        us++;
        s = (short)(s + 1);
        u++;
        ul++;
        printf("%2d: uc=%3u sc=%4d us=%5u s=%6d u=%10u ul=%lu\n", i, uc, sc, us, s, u, ul);
    }
}

static void show_char(void)
{
    char c = (char)200;  /* char is signed on x86-64 */
    unsigned char u = 200;
    signed char sc = -56;
    printf("char 200 -> %d, uchar 200 -> %d, schar -56 -> %d\n", c, u, sc);
    printf("c == sc: %d, u == (unsigned char)sc: %d\n", c == sc, u == (unsigned char)sc);
    printf("c >> 1 = %d, u >> 1 = %d\n", c >> 1, u >> 1);
    int sum = 0;
    const char *txt = "\x80\xff\x7f";
    for (const char *p = txt; *p; p++)
        sum += *p;
    printf("signed sum of bytes = %d\n", sum);
    sum = 0;
    for (const unsigned char *p = (const unsigned char *)txt; *p; p++)
        sum += *p;
    printf("unsigned sum of bytes = %d\n", sum);
}

static void show_bool(void)
{
    _Bool b0 = 0, b1 = 5, b2 = -1, b3 = 0.25 > 0, b4 = (_Bool)256;
    printf("bools: %d %d %d %d %d\n", b0, b1, b2, b3, b4);
    _Bool t = 1;
    t = t + 1; /* still 1 */
    printf("true+1 stored in _Bool = %d, sum of bools = %d\n", t, b1 + b2 + t);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4;
    show_sizes();
    show_limits();
    show_wrap(n);
    show_char();
    show_bool();
    return 0;
}
