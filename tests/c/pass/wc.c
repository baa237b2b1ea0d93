/* getchar loop: count lines, words, chars, longest line, character classes (like wc). */
#include <ctype.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    (void)argv;
    long lines = 0, words = 0, chars = 0, longest = 0, cur = 0;
    long upper = 0, lower = 0, digits = 0, spaces = 0, punct = 0, other = 0;
    int in_word = 0, c, last = EOF;
    int freq[26] = {0};
    while ((c = getchar()) != EOF) {
        chars++;
        last = c;
        if (c == '\n') {
            lines++;
            if (cur > longest)
                longest = cur;
            cur = 0;
        } else {
            cur++;
        }
        if (isspace(c)) {
            in_word = 0;
            spaces++;
        } else {
            if (!in_word)
                words++;
            in_word = 1;
        }
        if (isupper(c))
            upper++;
        else if (islower(c))
            lower++;
        else if (isdigit(c))
            digits++;
        else if (ispunct(c))
            punct++;
        else if (!isspace(c))
            other++;
        if (isalpha(c))
            freq[tolower(c) - 'a']++;
    }
    if (cur > longest)
        longest = cur;
    printf("%7ld %7ld %7ld\n", lines, words, chars);
    printf("longest=%ld upper=%ld lower=%ld digits=%ld spaces=%ld punct=%ld other=%ld\n", longest,
           upper, lower, digits, spaces, punct, other);
    printf("ends with newline: %s\n", last == '\n' ? "yes" : "no");
    if (argc > 1) {
        for (int i = 0; i < 26; i++)
            if (freq[i])
                printf("%c:%d ", 'a' + i, freq[i]);
        printf("\n");
    }
    return chars == 0 ? 1 : 0;
}
