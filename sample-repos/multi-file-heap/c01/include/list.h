#ifndef LIST_H
#define LIST_H

#include "item.h"

/* Items sorted by name. */
struct list {
    struct item *head;
    int size;
};

void list_init(struct list *l);
struct item *list_find(const struct list *l, const char *name);
struct item *list_add(struct list *l, const char *name, int qty);
void list_clear(struct list *l);

#endif
