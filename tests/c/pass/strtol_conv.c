/* String to number conversions: atoi/atol/atoll, strtol in bases 0/2/8/10/16/36 with endptr,
   strtoul of negatives, strtoll, strtoull, atof and strtod. */
#include <stdio.h>
#include <stdlib.h>

static void show_strtol(const char *s, int base)
{
    char *end;
    long v = strtol(s, &end, base);
    printf("strtol(\"%s\", %d) = %ld, consumed %td, rest \"%s\"\n", s, base, v, end - s, end);
}

int main(int argc, char **argv)
{
    const char *samples[] = {"42", "  -17abc", "+0x1F", "0777", "0", "z", "", "  +", "0x",
                             "1010", "-0", "9999999999", "0b101", "  12 34"};
    int bases[] = {0, 10, 16, 8, 2, 36};
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++)
        for (size_t b = 0; b < sizeof bases / sizeof bases[0]; b++)
            show_strtol(samples[i], bases[b]);
    printf("atoi: %d %d %d %d\n", atoi("123"), atoi("  -45xyz"), atoi("abc"), atoi("+7"));
    printf("atol: %ld atoll: %lld\n", atol("-9000000000"), atoll("123456789012345"));
    char *end;
    unsigned long ul = strtoul("-1", &end, 10);
    printf("strtoul(\"-1\") = %lu\n", ul);
    printf("strtoul hex = %lu\n", strtoul("0xFFFFFFFF", NULL, 16));
    printf("strtoll = %lld\n", strtoll("-0x7fffffffffffffff", NULL, 0));
    printf("strtoull = %llu\n", strtoull("18446744073709551615", NULL, 10));
    const char *dbl[] = {"3.14", "-2.5e3", "1e-2xyz", "  .5", "abc", "0x10", "+7.", "1e400x", "-0.0"};
    for (size_t i = 0; i < sizeof dbl / sizeof dbl[0]; i++) {
        double d = strtod(dbl[i], &end);
        printf("strtod(\"%s\") = %g consumed %td\n", dbl[i], d, end - dbl[i]);
    }
    printf("atof: %g %g %g\n", atof("2.5"), atof("-1e3"), atof("x"));
    /* parse a list of numbers from one string with endptr chaining */
    const char *list = argc > 1 ? argv[1] : "10 -20 0x30 040 +5";
    const char *p = list;
    long sum = 0;
    int count = 0;
    for (;;) {
        char *e;
        long v = strtol(p, &e, 0);
        if (e == p)
            break;
        sum += v;
        count++;
        p = e;
    }
    printf("list \"%s\": %d numbers, sum %ld, stopped at \"%s\"\n", list, count, sum, p);
    return 0;
}
