/*
 * suite - a number and buffer library with its test program.
 *
 * The test program runs each group of checks ROUNDS times over generated inputs and
 * prints the group's pass count as soon as the group is done, as many test binaries
 * do: a failing first group shows in the first line, long before the run ends.
 */
#include <stdio.h>

#define ROUNDS 4000

static unsigned long seed = 12345;

static unsigned next_rand(void)
{
    seed = seed * 1103515245UL + 12345UL;
    return (unsigned)(seed >> 16) & 0x7fff;
}

/* Parses an optionally signed decimal number; *end gets the first unread byte. */
long parse_number(const char *s, const char **end)
{
    long v = 0;
    int neg = 0;
    if (*s == '-' || *s == '+') {
        neg = *s == '+';
        s++;
    }
    while (*s >= '0' && *s <= '9')
        v = v * 10 + (*s++ - '0');
    *end = s;
    return neg ? -v : v;
}

/* Writes v in decimal into buf (at least 24 bytes); returns its length. */
int format_number(long v, char *buf)
{
    char tmp[24];
    int n = 0, len = 0;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    do {
        tmp[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u > 0);
    if (v < 0)
        buf[len++] = '-';
    while (n > 0)
        buf[len++] = tmp[--n];
    buf[len] = '\0';
    return len;
}

/* Adler-32 of n bytes. */
unsigned long checksum(const unsigned char *p, int n)
{
    unsigned long a = 1, b = 0;
    for (int i = 0; i < n; i++) {
        a = (a + p[i]) % 65521;
        b = (b + a) % 65521;
    }
    return (b << 16) | a;
}

void sort_longs(long *a, int n)
{
    for (int i = 1; i < n; i++) {
        long x = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > x) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = x;
    }
}

static int test_roundtrip(void)
{
    char buf[24];
    const char *end;
    long v = (long)next_rand() * 37 - 600000;
    format_number(v, buf);
    return parse_number(buf, &end) == v && *end == '\0';
}

static int test_checksum(void)
{
    unsigned char data[64];
    for (int i = 0; i < 64; i++)
        data[i] = (unsigned char)next_rand();
    unsigned long whole = checksum(data, 64);
    data[next_rand() % 64] ^= 1;
    return checksum(data, 64) != whole;
}

static int test_sort(void)
{
    long a[40];
    int n = 10 + next_rand() % 30;
    for (int i = 0; i < n; i++)
        a[i] = (long)next_rand() - 16000;
    sort_longs(a, n);
    for (int i = 1; i < n; i++)
        if (a[i - 1] > a[i])
            return 0;
    return 1;
}

int main(void)
{
    static const char *names[] = {"roundtrip", "checksum", "sort"};
    int (*tests[])(void) = {test_roundtrip, test_checksum, test_sort};
    for (int t = 0; t < 3; t++) {
        int passed = 0;
        for (int r = 0; r < ROUNDS; r++)
            passed += tests[t]();
        printf("%-10s %d/%d\n", names[t], passed, ROUNDS);
    }
    return 0;
}
