#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "ptok.h"

static const char *const names[T_KINDS] = {
    "keyword", "identifier", "number", "string", "character",
    "special", "comment", "error", "eof",
};

const char *kind_name(enum tok k)
{
    return (k >= 0 && k < T_KINDS) ? names[k] : "?";
}

void lexer_init(struct lexer *lx, const char *src, size_t len)
{
    lx->src = src;
    lx->len = len;
    lx->pos = 0;
    lx->line = 1;
    lx->col = 1;
}

static int peek(const struct lexer *lx, size_t ahead)
{
    return lx->pos + ahead < lx->len ? (unsigned char)lx->src[lx->pos + ahead] : EOF;
}

static int advance(struct lexer *lx)
{
    int c = peek(lx, 0);
    if (c == EOF)
        return c;
    lx->pos++;
    if (c == '\n') {
        lx->line++;
        lx->col = 1;
    } else {
        lx->col++;
    }
    return c;
}

/* Appends c to the token's text, dropping what does not fit. */
static void keep(struct token *t, size_t *n, int c)
{
    if (*n + 1 < sizeof t->text)
        t->text[(*n)++] = (char)c;
    t->text[*n] = '\0';
}

static int is_special(int c)
{
    return c != EOF && strchr("()[]'`,", c) != NULL;
}

static int ends_token(int c)
{
    return c == EOF || isspace(c) || is_special(c) || c == ';' || c == '"';
}

void next_token(struct lexer *lx, struct token *t)
{
    size_t n = 0;
    int c;

    while (isspace(peek(lx, 0)))
        advance(lx);
    t->line = lx->line;
    t->col = lx->col;
    t->text[0] = '\0';
    c = advance(lx);
    if (c == EOF) {
        t->kind = T_EOF;
        return;
    }
    keep(t, &n, c);
    if (is_special(c)) {
        t->kind = T_SPECIAL;
    } else if (c == ';') {
        t->kind = T_COMMENT;
        while (peek(lx, 0) != '\n' && peek(lx, 0) != EOF)
            keep(t, &n, advance(lx));
    } else if (c == '"') {
        t->kind = T_ERROR;
        while ((c = peek(lx, 0)) != EOF && c != '\n') {
            keep(t, &n, advance(lx));
            if (c == '"') {
                t->kind = T_STRING;
                break;
            }
        }
    } else if (c == '#') {
        /* #\x is a character constant; anything else after # is an error. */
        if (peek(lx, 0) == '\\' && peek(lx, 1) != EOF && ends_token(peek(lx, 2))) {
            keep(t, &n, advance(lx));
            keep(t, &n, advance(lx));
            t->kind = T_CHAR;
        } else {
            t->kind = T_ERROR;
            while (!ends_token(peek(lx, 0)))
                keep(t, &n, advance(lx));
        }
    } else if (isdigit(c) || ((c == '-' || c == '+') && isdigit(peek(lx, 0)))) {
        int dots = 0, bad = 0;
        while (!ends_token(peek(lx, 0))) {
            int d = advance(lx);
            if (d == '.')
                dots++;
            else if (!isdigit(d))
                bad = 1;
            keep(t, &n, d);
        }
        t->kind = (bad || dots > 1) ? T_ERROR : T_NUMBER;
    } else if (isalpha(c) || strchr("!$%&*/:<=>?^_~+-.", c)) {
        int bad = 0;
        while (!ends_token(peek(lx, 0))) {
            int d = advance(lx);
            if (!isalnum(d) && !strchr("!$%&*/:<=>?^_~+-.", d))
                bad = 1;
            keep(t, &n, d);
        }
        if (bad)
            t->kind = T_ERROR;
        else if (is_keyword(t->text))
            t->kind = T_KEYWORD;
        else
            t->kind = T_IDENT;
    } else {
        t->kind = T_ERROR;
    }
}
