/* A growable table of counted words, kept in insertion order until sorted. */
#ifndef TABLE_H
#define TABLE_H

#define KEY_MAX 32

struct entry {
    char key[KEY_MAX];
    int hits;
};

struct table {
    struct entry *items;
    int n;
    int size;
};

void tab_init(struct table *t);
void tab_free(struct table *t);
int tab_find(const struct table *t, const char *key);
int tab_add(struct table *t, const char *key);
void tab_sort(struct table *t);
int tab_total(const struct table *t);

#endif
