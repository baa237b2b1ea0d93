/* A line tokenizer: words, numbers, punctuation and (optionally) blanks. */
#include <ctype.h>
#include "tokenizer.h"

void tok_init(struct tokenizer *t, int flags)
{
    t->line = "";
    t->pos = 0;
    t->flags = flags;
    t->base_flags = flags;
}

/* Starts a new line; flags set for the previous line do not carry over. */
void tok_reset(struct tokenizer *t, const char *line)
{
    t->line = line;
    t->pos = 0;
    t->flags = t->base_flags;
}

/* Adds flags for the current line only. */
void tok_set_flags(struct tokenizer *t, int flags)
{
    t->flags |= flags;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* Stores the next token in *tk; returns 0 at the end of the line. */
int tok_next(struct tokenizer *t, struct token *tk)
{
    const char *s = t->line;
    int start;

    if (!(t->flags & TF_RETURN_SPACE))
        while (is_blank(s[t->pos]))
            t->pos++;
    start = t->pos;
    if (s[start] == '\0') {
        tk->kind = TOK_END;
        tk->start = start;
        tk->len = 0;
        return 0;
    }
    if (is_blank(s[start])) {
        while (is_blank(s[t->pos]))
            t->pos++;
        tk->kind = TOK_SPACE;
    } else if (isalpha((unsigned char)s[start]) || s[start] == '_') {
        while (isalnum((unsigned char)s[t->pos]) || s[t->pos] == '_')
            t->pos++;
        tk->kind = TOK_WORD;
    } else if (isdigit((unsigned char)s[start])) {
        while (isdigit((unsigned char)s[t->pos]))
            t->pos++;
        tk->kind = TOK_NUMBER;
    } else {
        t->pos++;
        tk->kind = TOK_PUNCT;
    }
    tk->start = start;
    tk->len = t->pos - start;
    return 1;
}

const char *tok_kind_name(enum tok_kind kind)
{
    switch (kind) {
    case TOK_WORD:
        return "word";
    case TOK_NUMBER:
        return "num";
    case TOK_PUNCT:
        return "punct";
    case TOK_SPACE:
        return "space";
    default:
        return "end";
    }
}
