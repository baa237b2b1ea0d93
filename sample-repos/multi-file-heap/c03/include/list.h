#ifndef LIST_H
#define LIST_H

#include "item.h"

/* Items sorted by name; an item whose quantity drops to 0 is removed. */
struct list {
    struct item *head;
    int count;           /* number of items */
};

void list_init(struct list *l);
struct item *list_find(const struct list *l, const char *name);
struct item *list_add(struct list *l, const char *name, int qty);
int list_take(struct list *l, const char *name, int qty);
void list_clear(struct list *l);

#endif
