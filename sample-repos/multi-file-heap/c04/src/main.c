/*
 * inventory - keep stock from a list of commands.
 *
 * Commands, one per line:
 *   add NAME QTY    receive QTY units of NAME
 *   take NAME QTY   ship QTY units of NAME
 *   find NAME       print the units of NAME in stock
 *   list            print the stock
 *
 * Names are not case-sensitive.
 */
#include <stdio.h>
#include <string.h>
#include "list.h"

#define MAX_LINE 128

static void print_stock(const struct list *stock)
{
    const struct item *it;

    for (it = stock->head; it != NULL; it = it->next)
        printf("  %-12s %5d\n", it->name, it->qty);
    printf("%d item(s), %d unit(s)\n", stock->count, list_units(stock));
}

int main(void)
{
    char line[MAX_LINE];
    char cmd[16];
    char name[MAX_NAME];
    int qty;
    int fields;
    struct list stock;

    list_init(&stock);
    while (fgets(line, sizeof line, stdin) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        fields = sscanf(line, "%15s %31s %d", cmd, name, &qty);
        if (fields < 1)
            continue;
        if (strcmp(cmd, "add") == 0 && fields == 3 && qty > 0) {
            if (list_add(&stock, name, qty) == NULL) {
                printf("out of memory\n");
                break;
            }
        } else if (strcmp(cmd, "take") == 0 && fields == 3 && qty > 0) {
            int rc = list_take(&stock, name, qty);

            if (rc == -1)
                printf("take: no %s in stock\n", name);
            else if (rc == -2)
                printf("take: not enough %s\n", name);
        } else if (strcmp(cmd, "find") == 0 && fields >= 2) {
            const struct item *it = list_find(&stock, name);

            printf("%s: %d\n", name, it != NULL ? it->qty : 0);
        } else if (strcmp(cmd, "list") == 0) {
            print_stock(&stock);
        } else {
            printf("bad command: %s\n", line);
        }
    }
    list_clear(&stock);
    return 0;
}
