/* Variadic calls into printf/fprintf/sprintf with many arguments of mixed types, including
   default argument promotions (char, short, float) and more than six integer arguments. */
#include <stdio.h>
#include <stdlib.h>

struct money {
    long cents;
};

static const char *fmt_money(struct money m, char *buf, size_t n)
{
    snprintf(buf, n, "%s%ld.%02ld", m.cents < 0 ? "-" : "", labs(m.cents) / 100,
             labs(m.cents) % 100);
    return buf;
}

int main(int argc, char **argv)
{
    int k = argc > 1 ? atoi(argv[1]) : 3;
    char c = 'k';
    short s = -12;
    unsigned short us = 40000;
    float f = 1.25f;
    double d = -2.5;
    long l = 1234567890123L;
    printf("%d %d %d %d %d %d %d %d %d %d %d %d\n", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, k);
    printf("%f %f %f %f %f %f %f %f %f %f\n", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, d);
    printf("%c %d %u %f %f %ld %s %d %c %g %lu %x\n", c, s, us, f, d, l, "mixed", k, c + 1, f * k,
           (unsigned long)l, (unsigned)s);
    printf("%d %f %d %f %d %f %d %f %d %f\n", 1, 0.5, 2, 1.5, 3, 2.5, 4, 3.5, k, k * 1.5);
    char buf[200];
    int n = sprintf(buf, "%s|%5d|%-5d|%05.1f|%c|%s|%lld|%hu", "a", k, -k, f * 3, 'Z', "end",
                    -9000000000000LL, us);
    printf("sprintf wrote %d: %s\n", n, buf);
    fprintf(stderr, "%s %d %f %c\n", "stderr too", k, d, c);
    struct money prices[] = {{199}, {-5}, {100000}, {7}};
    char m1[32], m2[32], m3[32], m4[32];
    printf("prices %s %s %s %s\n", fmt_money(prices[0], m1, sizeof m1),
           fmt_money(prices[1], m2, sizeof m2), fmt_money(prices[2], m3, sizeof m3),
           fmt_money(prices[3], m4, sizeof m4));
    printf("no conversions\n");
    printf("%s", "");
    printf("%.3s%.3s%.3s\n", "abcdef", "ghijkl", "mnopqr");
    for (int i = 0; i < k && i < 5; i++)
        printf("%*d%*s|\n", i + 1, i, 5 - i, "x");
    return 0;
}
