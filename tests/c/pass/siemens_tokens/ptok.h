/* siemens_tokens: a tokenizer in the style of the Siemens suite's
   print_tokens: main.c (options, input, output), lexer.c (the scanner),
   symtab.c (keywords and the identifier table). */
#ifndef PTOK_H
#define PTOK_H

#include <stddef.h>

enum tok {
    T_KEYWORD,
    T_IDENT,
    T_NUMBER,
    T_STRING,
    T_CHAR,
    T_SPECIAL,
    T_COMMENT,
    T_ERROR,
    T_EOF,
    T_KINDS
};

struct token {
    enum tok kind;
    char text[64];
    int line, col;
};

struct lexer {
    const char *src; /* the whole input */
    size_t pos, len;
    int line, col;
};

/* lexer.c */
void lexer_init(struct lexer *lx, const char *src, size_t len);
void next_token(struct lexer *lx, struct token *t);
const char *kind_name(enum tok k);

/* symtab.c */
int is_keyword(const char *word);
void note_ident(const char *name, int line);
void print_idents(void);
void free_idents(void);

#endif
