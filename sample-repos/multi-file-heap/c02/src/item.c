#include <stdlib.h>
#include <string.h>
#include "item.h"

/* A new item with a private copy of name, or NULL when out of memory. */
struct item *item_new(const char *name, int qty)
{
    struct item *it = malloc(sizeof *it);

    if (it == NULL)
        return NULL;
    it->name = malloc(strlen(name) + 1);
    if (it->name == NULL) {
        free(it);
        return NULL;
    }
    strcpy(it->name, name);
    it->qty = qty;
    it->next = NULL;
    return it;
}

void item_free(struct item *it)
{
    free(it->name);
    free(it);
}
