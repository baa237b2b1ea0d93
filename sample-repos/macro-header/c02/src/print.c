/*
 * Printing the table.
 */
#include <stdio.h>
#include "wf.h"

void print_table(const struct table *t, int flags, int limit)
{
    int i;
    int shown = t->n;

    if (limit > 0 && limit < shown)
        shown = limit;
    for (i = 0; i < shown; i++) {
        int k = (flags & WF_REVERSE) ? t->n - 1 - i : i;
        const struct entry *e = &t->items[k];
        printf("%6d  ", e->count);
        if (flags & WF_LINES)
            printf("%4d  ", e->first_line);
        printf("%s\n", e->word);
    }
    printf("%ld word(s), %d distinct", t->total, t->n);
    if (flags & WF_FOLD)
        printf(" (case folded)");
    printf("\n");
    if (t->dropped > 0)
        printf("%d word(s) not counted: table full\n", t->dropped);
}
