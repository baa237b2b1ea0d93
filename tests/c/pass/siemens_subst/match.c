#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "subst.h"

/* Whether item it matches the byte c (never the terminator). */
static int one(const struct pattern *p, const struct item *it, unsigned char c)
{
    if (c == '\0')
        return 0;
    switch (it->kind) {
    case LIT:
        return p->fold ? tolower(c) == it->c : c == it->c;
    case ANY:
        return c != '\n';
    case CLASS:
    case NCLASS: {
        int in = (it->set[c / 8] >> (c % 8)) & 1;
        if (!in && p->fold && isalpha(c)) {
            unsigned char o = (unsigned char)(islower(c) ? toupper(c) : tolower(c));
            in = (it->set[o / 8] >> (o % 8)) & 1;
        }
        return it->kind == CLASS ? in : !in;
    }
    default:
        return 0;
    }
}

/* Matches items k.. at line[i]; longest closures first, backtracking. */
static int from(const struct pattern *p, int k, const char *line, size_t i, size_t *end)
{
    for (; k < p->n; k++) {
        const struct item *it = &p->items[k];
        if (it->kind == BOL) {
            if (i != 0)
                return 0;
        } else if (it->kind == EOL) {
            if (line[i] != '\0' && line[i] != '\n')
                return 0;
        } else if (it->star) {
            size_t j = i;
            while (one(p, it, (unsigned char)line[j]))
                j++;
            for (;;) {
                if (from(p, k + 1, line, j, end))
                    return 1;
                if (j == i)
                    return 0;
                j--;
            }
        } else {
            if (!one(p, it, (unsigned char)line[i]))
                return 0;
            i++;
        }
    }
    *end = i;
    return 1;
}

int match_at(const struct pattern *p, const char *line, size_t start, size_t *end)
{
    return from(p, 0, line, start, end);
}

struct buf {
    char *s;
    size_t len, cap;
};

static void put(struct buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 16;
        while (b->len + n + 1 > cap)
            cap *= 2;
        char *s2 = realloc(b->s, cap);
        if (!s2)
            abort();
        b->s = s2;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

/* The line with the first (or every) match replaced; & in repl is the match.
   A line's newline is never part of a match. The caller frees the result. */
char *substitute(const struct pattern *p, const char *line, const char *repl, int global,
                 int *count)
{
    struct buf out = {NULL, 0, 0};
    size_t i = 0, n = strlen(line), end, prev_end = (size_t)-1;
    int done = 0, newline = n > 0 && line[n - 1] == '\n';

    if (newline)
        n--;
    put(&out, "", 0);
    while (i <= n) {
        /* No empty match right where the previous match ended. */
        if ((!done || global) && match_at(p, line, i, &end) && end <= n &&
            !(end == i && i == prev_end)) {
            for (const char *r = repl; *r; r++) {
                if (*r == '&')
                    put(&out, line + i, end - i);
                else if (*r == '\\' && r[1] != '\0')
                    put(&out, ++r, 1);
                else
                    put(&out, r, 1);
            }
            (*count)++;
            done = 1;
            prev_end = end;
            if (end > i) {
                i = end;
                continue;
            }
        }
        if (i < n)
            put(&out, line + i, 1);
        i++;
    }
    if (newline)
        put(&out, "\n", 1);
    return out.s;
}
