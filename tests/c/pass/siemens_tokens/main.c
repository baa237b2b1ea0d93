/* usage: ptok [-c] [-s] [-l] [-q] [FILE]
   Prints the tokens of FILE (standard input when none is named), one per line
   as "kind, text".
     -c  count the tokens of each kind (printed at exit)
     -s  list the identifiers by use
     -l  prefix each token with line:column
     -q  do not list the tokens */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ptok.h"

static int counts[T_KINDS];
static int count_kinds, with_pos, quiet, summary;

static void print_counts(void)
{
    int total = 0;
    for (int k = 0; k < T_KINDS; k++) {
        if (counts[k] == 0)
            continue;
        printf("%-12s %4d\n", kind_name((enum tok)k), counts[k]);
        total += counts[k];
    }
    printf("%-12s %4d\n", "total", total);
}

/* Reads all of f into a heap buffer; *len gets its length. */
static char *slurp(FILE *f, size_t *len)
{
    char *all = NULL, *line = NULL;
    size_t cap = 0, used = 0;
    ssize_t n;

    while ((n = getline(&line, &cap, f)) != -1) {
        char *p = realloc(all, used + (size_t)n + 1);
        if (!p) {
            perror("realloc");
            exit(3);
        }
        all = p;
        memcpy(all + used, line, (size_t)n);
        used += (size_t)n;
        all[used] = '\0';
    }
    free(line);
    *len = used;
    return all ? all : strdup("");
}

int main(int argc, char **argv)
{
    struct lexer lx;
    struct token t;
    FILE *f = stdin;
    char *src;
    size_t len;
    int opt, errors = 0;

    while ((opt = getopt(argc, argv, "cslq")) != -1) {
        switch (opt) {
        case 'c':
            count_kinds = 1;
            break;
        case 's':
            summary = 1;
            break;
        case 'l':
            with_pos = 1;
            break;
        case 'q':
            quiet = 1;
            break;
        default:
            fprintf(stderr, "usage: ptok [-c] [-s] [-l] [-q] [FILE]\n");
            return 2;
        }
    }
    if (argc - optind > 1) {
        fprintf(stderr, "ptok: one file at most\n");
        return 2;
    }
    if (optind < argc) {
        f = fopen(argv[optind], "r");
        if (!f) {
            fprintf(stderr, "ptok: cannot open %s: %s (errno %d)\n", argv[optind],
                    strerror(errno), errno);
            return 1;
        }
    }
    if (count_kinds)
        atexit(print_counts);
    src = slurp(f, &len);
    if (f != stdin)
        fclose(f);
    lexer_init(&lx, src, len);
    for (;;) {
        next_token(&lx, &t);
        if (t.kind == T_EOF)
            break;
        counts[t.kind]++;
        if (t.kind == T_ERROR)
            errors++;
        if (t.kind == T_IDENT)
            note_ident(t.text, t.line);
        if (quiet)
            continue;
        if (with_pos)
            printf("%d:%d: ", t.line, t.col);
        printf("%s, \"%s\"\n", kind_name(t.kind), t.text);
    }
    free(src);
    if (summary)
        print_idents();
    free_idents();
    if (errors > 0) {
        fprintf(stderr, "ptok: %d bad token(s)\n", errors);
        exit(1);
    }
    return 0;
}
