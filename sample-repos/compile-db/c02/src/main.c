/*
 * wrap - fill the words of standard input into lines of at most
 * DEFAULT_WIDTH characters.  Blank lines separate paragraphs, which are
 * filled separately and kept apart by one blank line.
 */
#include <stdio.h>
#include <string.h>
#include "wrap.h"

#define MAX_LINE 256
#define BLANKS " \t\r\n"

int main(void)
{
    char line[MAX_LINE];
    char *word;
    struct wrapper w;
    int in_paragraph = 0;
    int paragraphs = 0;

    wrap_init(&w, DEFAULT_WIDTH);
    while (fgets(line, sizeof line, stdin) != NULL) {
        word = strtok(line, BLANKS);
        if (word == NULL) {
            /* a blank line ends the paragraph */
            if (in_paragraph) {
                wrap_finish(&w);
                in_paragraph = 0;
            }
            continue;
        }
        if (!in_paragraph) {
            if (paragraphs > 0)
                putchar('\n');
            paragraphs++;
            in_paragraph = 1;
        }
        while (word != NULL) {
            wrap_word(&w, word);
            word = strtok(NULL, BLANKS);
        }
    }
    wrap_finish(&w);
    return 0;
}
