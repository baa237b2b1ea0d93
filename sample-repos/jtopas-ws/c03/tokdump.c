/*
 * tokdump - print the tokens of each input line.
 *
 * Usage: tokdump [-s] [-x] [-c]
 *   -s   also print runs of blanks
 *   -x   read hexadecimal numbers such as 0x1f
 *   -c   print how many tokens of each kind were seen
 *
 * A line starting with '>' is quoted: the '>' is dropped and the blanks
 * of that line are printed as tokens, as with -s.
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
    int counts[TOK_KINDS] = { 0 };
    int lineno = 0;
    int flags = 0;
    int show_counts = 0;
    int i;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-s") == 0)
            flags |= TF_RETURN_SPACE;
        else if (strcmp(argv[i], "-x") == 0)
            flags |= TF_HEX_NUMBERS;
        else if (strcmp(argv[i], "-c") == 0)
            show_counts = 1;
    }
    tok_init(&t, flags);
    while (fgets(line, sizeof line, stdin) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        lineno++;
        if (line[0] == '>') {
            tok_start_line(&t, line + 1);
            tok_add_flags(&t, TF_RETURN_SPACE);
        } else {
            tok_start_line(&t, line);
        }
        printf("%d:", lineno);
        while (tok_next(&t, &tk)) {
            print_token(&t, &tk);
            counts[tk.kind]++;
        }
        printf("\n");
    }
    if (show_counts)
        for (i = TOK_WORD; i < TOK_KINDS; i++)
            printf("%s: %d\n", tok_kind_name((enum tok_kind)i), counts[i]);
    return 0;
}
