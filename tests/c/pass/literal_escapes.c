/* Escapes gcc reads in literals beyond the classic ones: GNU `\e` and `\E` (the escape
   character, as in colour codes of test runners) and C99 universal character names,
   in narrow, wide and UTF-8 literals and character constants. */
#include <stdio.h>
#include <string.h>
#include <wchar.h>

static void bytes(const char *s)
{
    for (size_t i = 0; s[i]; i++)
        printf("%02x ", (unsigned char)s[i]);
    printf("| %zu\n", strlen(s));
}

int main(void)
{
    bytes("\e[32m\u2713 \e[90mok\e[0m");
    bytes("\E1\e12\\e\\u2713");
    bytes("caf\u00e9 \U0001F600 $\u0024 \u00A0");
    bytes(u8"\u00e9\e");
    const wchar_t *w = L"\u2713\U0001F600\e";
    for (size_t i = 0; w[i]; i++)
        printf("%x ", (unsigned)w[i]);
    printf("| %zu\n", wcslen(w));
    printf("%d %d %d\n", '\e', '\E', (int)sizeof(L"\u00e9"));
    printf("\e[1mbold\e[0m\n");
    return 0;
}
