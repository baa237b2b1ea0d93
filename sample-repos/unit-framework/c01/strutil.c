#include <string.h>
#include "strutil.h"

/* Words are runs of characters other than spaces. */
size_t count_words(const char *s)
{
    size_t words = 0;
    size_t n = strlen(s);
    for (size_t i = 0; i < n; i++) {
        if (s[i] != ' ' && (i == 0 || s[i - 1] == ' '))
            words++;
    }
    return words;
}

int starts_with(const char *s, const char *prefix)
{
    if (strlen(s) < strlen(prefix))
        return 0;
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The length of s without its trailing spaces. */
size_t trim_len(const char *s)
{
    size_t n = strlen(s);
    while (n > 0 && s[n - 1] == ' ')
        n--;
    return n;
}
