#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptok.h"

/* Sorted, for bsearch. */
static const char *const keywords[] = {
    "=>", "and", "begin", "cond", "define", "else", "if", "lambda", "let", "or", "xor",
};

static int cmp_word(const void *key, const void *elem)
{
    return strcmp((const char *)key, *(const char *const *)elem);
}

int is_keyword(const char *word)
{
    return bsearch(word, keywords, sizeof keywords / sizeof keywords[0], sizeof keywords[0],
                   cmp_word) != NULL;
}

struct ident {
    char *name;
    int first_line;
    int uses;
};

static struct ident *idents;
static size_t nidents, capidents;

void note_ident(const char *name, int line)
{
    for (size_t i = 0; i < nidents; i++) {
        if (strcmp(idents[i].name, name) == 0) {
            idents[i].uses++;
            return;
        }
    }
    if (nidents == capidents) {
        size_t cap = capidents ? 2 * capidents : 8;
        struct ident *p = realloc(idents, cap * sizeof *p);
        if (!p) {
            perror("realloc");
            exit(3);
        }
        idents = p;
        capidents = cap;
    }
    idents[nidents].name = strdup(name);
    idents[nidents].first_line = line;
    idents[nidents].uses = 1;
    nidents++;
}

/* Most used first, then alphabetical. */
static int by_uses(const void *a, const void *b)
{
    const struct ident *x = a, *y = b;
    if (x->uses != y->uses)
        return x->uses < y->uses ? 1 : -1;
    return strcmp(x->name, y->name);
}

void print_idents(void)
{
    char label[32];

    qsort(idents, nidents, sizeof *idents, by_uses);
    printf("%zu identifier(s)\n", nidents);
    for (size_t i = 0; i < nidents; i++) {
        snprintf(label, sizeof label, "%s:", idents[i].name);
        printf("  %-14s %3d use(s), first on line %d\n", label, idents[i].uses,
               idents[i].first_line);
    }
}

void free_idents(void)
{
    for (size_t i = 0; i < nidents; i++)
        free(idents[i].name);
    free(idents);
    idents = NULL;
    nidents = capidents = 0;
}
