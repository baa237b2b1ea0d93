#include <stddef.h>
#include <string.h>
#include "list.h"

void list_init(struct list *l)
{
    l->head = NULL;
    l->count = 0;
}

struct item *list_find(const struct list *l, const char *name)
{
    struct item *it;

    for (it = l->head; it != NULL; it = it->next)
        if (name_eq(it->name, name))
            return it;
    return NULL;
}

/* Adds qty units of name, creating the item in name order if it is new.
 * Returns the item, or NULL when out of memory. */
struct item *list_add(struct list *l, const char *name, int qty)
{
    struct item *it = list_find(l, name);
    struct item **link;

    if (it != NULL) {
        it->qty += qty;
        return it;
    }
    it = item_new(name, qty);
    if (it == NULL)
        return NULL;
    link = &l->head;
    while (*link != NULL && strcmp((*link)->name, name) < 0)
        link = &(*link)->next;
    it->next = *link;
    *link = it;
    l->count++;
    return it;
}

/* Removes qty units of name.  Returns 0, or -1 when there is no such item,
 * or -2 when it has fewer than qty units (and then takes nothing). */
int list_take(struct list *l, const char *name, int qty)
{
    struct item **link = &l->head;
    struct item *it;

    while (*link != NULL && !name_eq((*link)->name, name))
        link = &(*link)->next;
    it = *link;
    if (it == NULL)
        return -1;
    if (it->qty < qty)
        return -2;
    it->qty -= qty;
    if (it->qty == 0) {
        *link = it->next;
        item_free(it);
        l->count--;
    }
    return 0;
}

/* Total units over all items. */
int list_units(const struct list *l)
{
    const struct item *it;
    int units = 0;

    for (it = l->head; it != NULL; it = it->next)
        units += it->qty;
    return units;
}

void list_clear(struct list *l)
{
    struct item *it = l->head;
    struct item *next;

    while (it != NULL) {
        next = it->next;
        item_free(it);
        it = next;
    }
    list_init(l);
}
