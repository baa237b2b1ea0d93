/*
 * wc - count the lines, words and characters of stdin.
 */
#include <stdio.h>

int main(void)
{
    int ch, lines = 0, words = 0, chars = 0, inword = 0;

    while ((ch = getchar()) != EOF) {
        chars++;
        if (ch == '\n')
            lines++;
        if (ch == ' ' || ch == '\n' || ch == '\t') {
            inword = 0;
        } else if (!inword) {
            inword = 1;
            words++;
        }
    }
    printf("%d %d %d\n", lines, words, chars);
    return 0;
}
