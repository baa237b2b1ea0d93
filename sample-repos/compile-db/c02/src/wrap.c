#include <stdio.h>
#include <string.h>
#include "wrap.h"

void wrap_init(struct wrapper *w, int width)
{
    w->width = width;
    w->col = 0;
}

/* Appends a word, starting a new line when it does not fit on this one.
 * A word longer than the width gets a line of its own. */
void wrap_word(struct wrapper *w, const char *word)
{
    int len = (int)strlen(word);

    if (w->col > 0 && w->col + 1 + len > w->width) {
        putchar('\n');
        w->col = 0;
    }
    if (w->col > 0) {
        putchar(' ');
        w->col++;
    }
    fputs(word, stdout);
    w->col += len;
}

/* Ends the current line, if any. */
void wrap_finish(struct wrapper *w)
{
    if (w->col > 0)
        putchar('\n');
    w->col = 0;
}
