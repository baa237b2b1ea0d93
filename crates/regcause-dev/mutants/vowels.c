/* vowels - for each line of stdin, count its vowels and other letters. */
#include <stdio.h>

static int is_vowel(int c)
{
    if (c >= 'A' && c <= 'Z')
        c = c - 'A' + 'a';
    return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';
}

int main(void)
{
    int ch, vow = 0, other = 0, line = 1;

    while ((ch = getchar()) != EOF) {
        if (ch == '\n') {
            printf("%d: %d vowels, %d others\n", line, vow, other);
            line++;
            vow = 0;
            other = 0;
        } else if (is_vowel(ch)) {
            vow++;
        } else if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) {
            other++;
        }
    }
    return 0;
}
