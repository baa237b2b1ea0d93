#include <stdio.h>
#include <string.h>
#include "wrap.h"

void wrap_init(struct wrapper *w, int width, int number)
{
    w->width = width;
    w->col = 0;
    w->lines = 0;
    w->number = number;
}

static void start_line(struct wrapper *w)
{
    w->lines++;
    if (w->number)
        printf("%3d  ", w->lines);
}

/* Appends a word, starting a new line when it does not fit on this one.
 * A word longer than the width gets a line of its own. */
void wrap_word(struct wrapper *w, const char *word)
{
    int len = (int)strlen(word);
    int room = w->width - w->col - 1;   /* left after a separating blank */

    if (w->col > 0 && len >= room) {
        putchar('\n');
        w->col = 0;
    }
    if (w->col == 0) {
        start_line(w);
    } else {
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
