/*
 * wf - word frequencies: shared declarations.
 */
#ifndef WF_H
#define WF_H

#include <stddef.h>

#define WORD_MAX 24   /* longest word kept, terminator included */
#define TABLE_MAX 128 /* distinct words kept */
#define LINE_MAX_ 256

/* Option flags, one bit each. */
#define WF_FOLD 0x01   /* -i: fold upper case to lower case */
#define WF_COUNT 0x02  /* -c: sort by count, most frequent first */
#define WF_DIGITS 0x04 /* -d: digits belong to words */

struct entry {
    char word[WORD_MAX];
    int count;
};

struct table {
    struct entry items[TABLE_MAX];
    int n;
    long total;
    int dropped;
};

void table_init(struct table *t);
int table_add(struct table *t, const char *word);
void table_sort(struct table *t, int flags);
int next_word(const char *line, size_t *pos, char *out, int flags);
void print_table(const struct table *t, int flags, int limit);

#endif
