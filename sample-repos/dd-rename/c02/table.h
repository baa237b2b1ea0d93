/* A growable symbol table of counted words, kept in insertion order until sorted. */
#ifndef TABLE_H
#define TABLE_H

#define KEY_MAX 32

struct entry {
    char key[KEY_MAX];
    int hits;
};

struct table {
    struct entry *items;
    int count;
    int size;
};

void symtab_init(struct table *t);
void symtab_free(struct table *t);
int symtab_find(const struct table *t, const char *key);
int symtab_add(struct table *t, const char *key);
void symtab_sort(struct table *t);
int symtab_total(const struct table *t);

#endif
