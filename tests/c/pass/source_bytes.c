/* Source bytes that are not UTF-8, as real projects have them: a Latin-1 comment
 * (café, naïve) and raw bytes inside string and character literals, which gcc
 * keeps as they are. */
#include <stdio.h>
#include <string.h>

static const char raw[] = "ÿ|été|€";   /* é in a comment too */

int main(void) {
    const char *p = raw;
    char c = 'é';
    printf("%zu bytes:", strlen(raw));
    for (; *p; p++)
        printf(" %02X", (unsigned char)*p);
    printf("\n%d %d\n", c, (unsigned char)c);
    // A line comment in Latin-1: à la manière
    fputs("ÿþ ok\n", stdout);
    return raw[0] == 'ÿ' ? 0 : 1;
}
