#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "subst.h"

static void set_bit(unsigned char *set, unsigned char c)
{
    set[c / 8] |= (unsigned char)(1u << (c % 8));
}

/* The byte an escape stands for: \t, \n, else the byte itself. */
static unsigned char escaped(char c)
{
    switch (c) {
    case 't':
        return '\t';
    case 'n':
        return '\n';
    default:
        return (unsigned char)c;
    }
}

/* Parses [...] starting after '['; returns the index after ']' or -1. */
static int parse_class(const char *s, int i, struct item *it)
{
    memset(it->set, 0, sizeof it->set);
    it->kind = CLASS;
    if (s[i] == '^') {
        it->kind = NCLASS;
        i++;
    }
    while (s[i] != '\0' && s[i] != ']') {
        unsigned char lo = (unsigned char)s[i], hi;
        if (lo == '\\' && s[i + 1] != '\0')
            lo = escaped(s[++i]);
        hi = lo;
        if (s[i + 1] == '-' && s[i + 2] != '\0' && s[i + 2] != ']') {
            hi = (unsigned char)s[i + 2];
            i += 2;
        }
        if (hi < lo)
            return -1;
        for (unsigned c = lo; c <= hi; c++)
            set_bit(it->set, (unsigned char)c);
        i++;
    }
    return s[i] == ']' ? i + 1 : -1;
}

int compile_pattern(const char *src, int fold, struct pattern *p, const char **err)
{
    size_t len = strlen(src);
    int i = 0;

    p->items = calloc(len + 1, sizeof *p->items);
    p->n = 0;
    p->fold = fold;
    if (!p->items) {
        *err = "out of memory";
        return 0;
    }
    while (src[i] != '\0') {
        struct item *it = &p->items[p->n];
        if (src[i] == '^' && i == 0) {
            it->kind = BOL;
            i++;
        } else if (src[i] == '$' && src[i + 1] == '\0') {
            it->kind = EOL;
            i++;
        } else if (src[i] == '.') {
            it->kind = ANY;
            i++;
        } else if (src[i] == '[') {
            i = parse_class(src, i + 1, it);
            if (i < 0) {
                *err = "bad character class";
                free_pattern(p);
                return 0;
            }
        } else if (src[i] == '*' && p->n > 0 && !p->items[p->n - 1].star &&
                   p->items[p->n - 1].kind != BOL) {
            p->items[p->n - 1].star = 1;
            i++;
            continue;
        } else {
            unsigned char c = (unsigned char)src[i];
            if (c == '\\' && src[i + 1] != '\0')
                c = escaped(src[++i]);
            it->kind = LIT;
            it->c = fold ? (unsigned char)tolower(c) : c;
            i++;
        }
        p->n++;
    }
    return 1;
}

void free_pattern(struct pattern *p)
{
    free(p->items);
    p->items = NULL;
    p->n = 0;
}
