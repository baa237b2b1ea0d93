#include <stdlib.h>
#include <string.h>

#include "table.h"

void tab_init(struct table *t)
{
    t->n = 0;
    t->size = 8;
    t->items = malloc(t->size * sizeof *t->items);
}

void tab_free(struct table *t)
{
    free(t->items);
    t->items = NULL;
    t->n = t->size = 0;
}

/* The index of key, or -1. */
int tab_find(const struct table *t, const char *key)
{
    for (int i = 0; i < t->n; i++)
        if (strcmp(t->items[i].key, key) == 0)
            return i;
    return -1;
}

/* Counts one more occurrence of key, adding it when new; returns its hits. */
int tab_add(struct table *t, const char *key)
{
    int i = tab_find(t, key);
    if (i >= 0)
        return ++t->items[i].hits;
    if (t->n == t->size) {
        t->size *= 2;
        t->items = realloc(t->items, t->size * sizeof *t->items);
    }
    struct entry *e = &t->items[t->n++];
    strncpy(e->key, key, KEY_MAX - 1);
    e->key[KEY_MAX - 1] = '\0';
    e->hits = 1;
    return 1;
}

static int by_hits(const void *pa, const void *pb)
{
    const struct entry *a = pa, *b = pb;
    if (a->hits != b->hits)
        return b->hits - a->hits;
    return strcmp(a->key, b->key);
}

/* Most frequent first; ties in key order. */
void tab_sort(struct table *t)
{
    qsort(t->items, t->n, sizeof *t->items, by_hits);
}

int tab_total(const struct table *t)
{
    int sum = 0;
    for (int i = 0; i < t->n; i++)
        sum += t->items[i].hits;
    return sum;
}
