#ifndef TOKENIZER_H
#define TOKENIZER_H

enum tok_kind { TOK_END, TOK_WORD, TOK_NUMBER, TOK_PUNCT, TOK_SPACE };

/* Tokenizer flags. */
#define TF_RETURN_SPACE 1   /* return runs of blanks as TOK_SPACE tokens */
#define TF_HEX_NUMBERS  2   /* read 0x1f as one number */

struct tokenizer {
    const char *line;   /* current line, without its newline */
    int pos;            /* next character to look at */
    int flags;          /* TF_* flags for the current line */
    int base_flags;     /* TF_* flags every line starts with */
};

struct token {
    enum tok_kind kind;
    int start;          /* offset in the line */
    int len;
};

void tok_init(struct tokenizer *t, int flags);
void tok_start_line(struct tokenizer *t, const char *line);
void tok_add_flags(struct tokenizer *t, int flags);
int tok_next(struct tokenizer *t, struct token *tk);
const char *tok_kind_name(enum tok_kind kind);

#define TOK_KINDS 5

#endif
