/*
 * tokdump - print the tokens of each input line.
 *
 * Usage: tokdump [-s]      -s: also print runs of blanks
 */
#include <stdio.h>
#include <string.h>
#include "tokenizer.h"

#define MAX_LINE 256

static void print_token(const struct tokenizer *t, const struct token *tk)
{
    int i;

    if (tk->kind == TOK_SPACE) {
        printf(" [space:%d]", tk->len);
        return;
    }
    printf(" [%s:", tok_kind_name(tk->kind));
    for (i = 0; i < tk->len; i++)
        putchar(t->line[tk->start + i]);
    putchar(']');
}

int main(int argc, char **argv)
{
    char line[MAX_LINE];
    struct tokenizer t;
    struct token tk;
    int lineno = 0;
    int flags = 0;

    if (argc > 1 && strcmp(argv[1], "-s") == 0)
        flags |= TF_RETURN_SPACE;
    tok_init(&t, flags);
    while (fgets(line, sizeof line, stdin) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        lineno++;
        tok_reset(&t, line);
        printf("%d:", lineno);
        while (tok_next(&t, &tk))
            print_token(&t, &tk);
        printf("\n");
    }
    return 0;
}
