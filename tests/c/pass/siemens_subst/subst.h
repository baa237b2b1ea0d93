/* siemens_subst: pattern substitution in the style of the Siemens suite's
   replace: main.c (options, files), pattern.c (compiling a pattern),
   match.c (matching and substituting). */
#ifndef SUBST_H
#define SUBST_H

#include <stddef.h>

enum kind { LIT, ANY, CLASS, NCLASS, BOL, EOL };

struct item {
    enum kind kind;
    int star;            /* zero or more of this item */
    unsigned char c;     /* LIT */
    unsigned char set[32]; /* CLASS, NCLASS: bitmap of bytes */
};

struct pattern {
    struct item *items;
    int n;
    int fold; /* match letters without regard to case */
};

/* pattern.c */
int compile_pattern(const char *src, int fold, struct pattern *p, const char **err);
void free_pattern(struct pattern *p);

/* match.c */
int match_at(const struct pattern *p, const char *line, size_t start, size_t *end);
char *substitute(const struct pattern *p, const char *line, const char *repl, int global,
                 int *count);

#endif
