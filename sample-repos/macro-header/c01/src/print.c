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
        const struct entry *e = &t->items[i];
        printf("%6d  %s\n", e->count, e->word);
    }
    printf("%ld word(s), %d distinct", t->total, t->n);
    if (flags & WF_FOLD)
        printf(" (case folded)");
    printf("\n");
    if (t->dropped > 0)
        printf("%d word(s) not counted: table full\n", t->dropped);
}
