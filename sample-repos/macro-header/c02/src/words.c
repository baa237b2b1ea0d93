/*
 * Splitting lines into words and counting them.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "wf.h"

void table_init(struct table *t)
{
    t->n = 0;
    t->total = 0;
    t->dropped = 0;
}

static int is_word_char(int c, int flags)
{
    if (isalpha(c) || c == '\'')
        return 1;
    return (flags & WF_DIGITS) && isdigit(c);
}

/* Copies the next word of line from *pos into out (cut to WORD_MAX - 1 bytes).
   Returns 0 at the end of the line. */
int next_word(const char *line, size_t *pos, char *out, int flags)
{
    size_t i = *pos;
    int len = 0;

    while (line[i] != '\0' && !is_word_char((unsigned char)line[i], flags))
        i++;
    if (line[i] == '\0') {
        *pos = i;
        return 0;
    }
    while (line[i] != '\0' && is_word_char((unsigned char)line[i], flags)) {
        int c = (unsigned char)line[i];
        if (flags & WF_FOLD)
            c = tolower(c);
        if (len < WORD_MAX - 1)
            out[len++] = (char)c;
        i++;
    }
    out[len] = '\0';
    *pos = i;
    return 1;
}

int table_add(struct table *t, const char *word, int line)
{
    int i;

    t->total++;
    for (i = 0; i < t->n; i++) {
        if (strcmp(t->items[i].word, word) == 0) {
            t->items[i].count++;
            return i;
        }
    }
    if (t->n == TABLE_MAX) {
        t->dropped++;
        return -1;
    }
    strcpy(t->items[t->n].word, word);
    t->items[t->n].count = 1;
    t->items[t->n].first_line = line;
    return t->n++;
}

static int by_word(const void *a, const void *b)
{
    const struct entry *x = a, *y = b;
    return strcmp(x->word, y->word);
}

static int by_count(const void *a, const void *b)
{
    const struct entry *x = a, *y = b;
    if (x->count != y->count)
        return y->count - x->count;
    return strcmp(x->word, y->word);
}

void table_sort(struct table *t, int flags)
{
    qsort(t->items, (size_t)t->n, sizeof t->items[0],
          (flags & WF_COUNT) ? by_count : by_word);
}
