#ifndef ITEM_H
#define ITEM_H

#define MAX_NAME 32

/* One stock item; items are kept in a singly linked list. */
struct item {
    char *name;          /* heap copy */
    int qty;
    struct item *next;
};

struct item *item_new(const char *name, int qty);
void item_free(struct item *it);

#endif
