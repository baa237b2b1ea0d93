/* String literals, char arrays initialised from strings, escapes, and manual string ops. */
#include <stdio.h>
#include <string.h>

static size_t my_strlen(const char *s)
{
    const char *p = s;
    while (*p)
        p++;
    return (size_t)(p - s);
}

static void my_reverse(char *s)
{
    size_t n = my_strlen(s);
    for (size_t i = 0; i < n / 2; i++) {
        char t = s[i];
        s[i] = s[n - 1 - i];
        s[n - 1 - i] = t;
    }
}

static int is_palindrome(const char *s)
{
    size_t n = strlen(s);
    for (size_t i = 0; i < n / 2; i++)
        if (s[i] != s[n - 1 - i])
            return 0;
    return 1;
}

int main(int argc, char **argv)
{
    char a[] = "literal";
    char b[16] = "short";
    char c[4] = "abc";
    char d[3] = "xyz"; /* no terminator: legal C, never used as a string */
    const char *p = "pointer to literal";
    printf("a=%s sizeof=%zu strlen=%zu\n", a, sizeof a, strlen(a));
    printf("b=%s sizeof=%zu b[10]=%d\n", b, sizeof b, b[10]);
    printf("c=%s d=%c%c%c sizeof d=%zu\n", c, d[0], d[1], d[2], sizeof d);
    printf("p=%s sizeof p=%zu literal sizeof=%zu\n", p, sizeof p, sizeof "pointer to literal");
    printf("index into literal: %c %c\n", "hello"[1], *("world" + 4));
    a[0] = 'L';
    my_reverse(a);
    printf("reversed: %s\n", a);
    strcat(b, " & sweet");
    printf("b now %s (%zu)\n", b, my_strlen(b));
    const char *esc = "A\tB\nC\\D\"E\'F\x7e\101\060";
    for (const char *q = esc; *q; q++)
        printf("%02x ", (unsigned char)*q);
    printf("\n");
    const char *joined = "con" "cat" "en"
                         "ation";
    printf("%s %zu\n", joined, strlen(joined));
    char embedded[] = "one\0two";
    printf("embedded: %s + %s sizeof %zu\n", embedded, embedded + 4, sizeof embedded);
    for (int i = 1; i < argc; i++)
        printf("%s: palindrome=%d length=%zu\n", argv[i], is_palindrome(argv[i]),
               my_strlen(argv[i]));
    const char *table[] = {"zero", "one", "two", "three"};
    for (int i = 0; i < 4; i++)
        printf("%s has %zu letters, first %c last %c\n", table[i], strlen(table[i]), table[i][0],
               table[i][strlen(table[i]) - 1]);
    char grid[2][6] = {"ab", "cdefg"};
    printf("grid: %s %s %d\n", grid[0], grid[1], grid[0][3]);
    printf("%s\n", "percent %% is not special in %s arguments");
    puts("question marks ?? and ! stay as they are");
    return 0;
}
