/*
 * strlib - a small string and number library with its unit tests.
 *
 * The test program runs every check ROUNDS times over generated inputs, as a
 * unit-test binary does, and prints one line per test with its pass count.
 */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#define ROUNDS 300

/* Parses a decimal integer with optional sign; *end gets the first unread byte. */
long sl_parse(const char *s, const char **end)
{
    long v = 0;
    int neg = 0;
    while (*s == ' ')
        s++;
    if (*s == '-' || *s == '+') {
        neg = *s == '-';
        s++;
    }
    while (*s >= '0' && *s <= '9') {
        v = v * 10 + (*s - '0');
        s++;
    }
    *end = s;
    return neg ? -v : v;
}

/* Formats v in decimal into buf (at least 24 bytes); returns the length. */
int sl_format(long v, char *buf)
{
    char tmp[24];
    int n = 0, len = 0;
    unsigned long u = v < 0 ? -(unsigned long)v : (unsigned long)v;
    /* Digits from the lowest; zero has none but is printed as "0". */
    while (u > 0) {
        tmp[n++] = (char)('0' + u % 10);
        u /= 10;
    }
    if (n == 0 && v != 0)
        tmp[n++] = '0';
    if (v < 0)
        buf[len++] = '-';
    while (n > 0)
        buf[len++] = tmp[--n];
    buf[len] = '\0';
    return len;
}

/* Reverses s in place. */
void sl_reverse(char *s)
{
    int i = 0, j = (int)strlen(s) - 1;
    while (i < j) {
        char c = s[i];
        s[i] = s[j];
        s[j] = c;
        i++;
        j--;
    }
}

/* Counts the words (runs of non-blanks) of s. */
int sl_words(const char *s)
{
    int n = 0, in = 0;
    for (; *s; s++) {
        if (*s == ' ') {
            in = 0;
        } else if (!in) {
            in = 1;
            n++;
        }
    }
    return n;
}

/* A polynomial hash of s. */
unsigned sl_hash(const char *s)
{
    unsigned h = 5381;
    while (*s)
        h = h * 33 + (unsigned char)*s++;
    return h;
}

/* Sorts the n values of a ascending (insertion sort: the inputs are short). */
void sl_sort(long *a, int n)
{
    for (int i = 1; i < n; i++) {
        long key = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > key) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = key;
    }
}

static unsigned seed = 12345;
static unsigned next_rand(void)
{
    seed = seed * 1103515245u + 12345u;
    return (seed >> 8) & 0xffff;
}

static int test_roundtrip(void)
{
    char buf[24];
    const char *end;
    long v = ((long)(next_rand() % 41) - 20) * 7919;
    int len = sl_format(v, buf);
    return len > 0 && sl_parse(buf, &end) == v && *end == '\0';
}

static int test_reverse(void)
{
    char s[32], t[32];
    int n = 5 + next_rand() % 20;
    for (int i = 0; i < n; i++)
        s[i] = (char)('a' + next_rand() % 26);
    s[n] = '\0';
    strcpy(t, s);
    sl_reverse(t);
    sl_reverse(t);
    return strcmp(s, t) == 0;
}

static int test_words(void)
{
    char s[64];
    int n = 0, words = 0, k = 1 + next_rand() % 6;
    for (int w = 0; w < k; w++) {
        int len = 1 + next_rand() % 5;
        for (int i = 0; i < len; i++)
            s[n++] = 'x';
        s[n++] = ' ';
        words++;
    }
    s[n] = '\0';
    return sl_words(s) == words;
}

static int test_hash(void)
{
    char a[16], b[16];
    for (int i = 0; i < 15; i++)
        a[i] = b[i] = (char)('A' + next_rand() % 26);
    a[15] = b[15] = '\0';
    return sl_hash(a) == sl_hash(b);
}

static int test_sort(void)
{
    long a[40];
    int n = 10 + next_rand() % 30;
    for (int i = 0; i < n; i++)
        a[i] = (long)next_rand() - 30000;
    sl_sort(a, n);
    for (int i = 1; i < n; i++)
        if (a[i - 1] > a[i])
            return 0;
    return 1;
}

int main(void)
{
    static const char *names[] = {"roundtrip", "reverse", "words", "hash", "sort"};
    int (*tests[])(void) = {test_roundtrip, test_reverse, test_words, test_hash, test_sort};
    int passed[5] = {0};
    for (int r = 0; r < ROUNDS; r++)
        for (int t = 0; t < 5; t++)
            passed[t] += tests[t]();
    for (int t = 0; t < 5; t++)
        printf("%-10s %d/%d\n", names[t], passed[t], ROUNDS);
    return 0;
}
