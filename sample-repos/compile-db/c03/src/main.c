/*
 * wrap - fill the words of standard input into lines of at most
 * DEFAULT_WIDTH characters.  Blank lines separate paragraphs, which are
 * filled separately and kept apart by one blank line.
 *
 * Usage: wrap [-w WIDTH] [-n]
 *   -w WIDTH   fill to WIDTH instead of DEFAULT_WIDTH
 *   -n         number the output lines
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wrap.h"

#define MAX_LINE 256
#define BLANKS " \t\r\n"

int main(int argc, char **argv)
{
    char line[MAX_LINE];
    char *word;
    struct wrapper w;
    int in_paragraph = 0;
    int paragraphs = 0;
    int width = DEFAULT_WIDTH;
    int number = 0;
    int i;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0) {
            number = 1;
        } else if (strcmp(argv[i], "-w") == 0 && i + 1 < argc) {
            width = atoi(argv[++i]);
            if (width < 1)
                width = DEFAULT_WIDTH;
        }
    }
    wrap_init(&w, width, number);
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
