/*
 * replace.c -- substitute text matching a pattern, line by line.
 *
 * usage: replace [-n] [-c] [-1] PATTERN SUBSTITUTION < input
 *
 * Pattern syntax:
 *   c        the character c
 *   .        any character
 *   ^        beginning of the line (first in the pattern only)
 *   $        end of the line (last in the pattern only)
 *   [...]    one character of the class; a-z is a range
 *   [^...]   one character not in the class
 *   x*       zero or more of the preceding element
 *   \c       escape: \n newline, \t tab, otherwise c itself
 * In the substitution, & stands for the matched text and \& for '&'.
 *
 * Options: -n prints only the lines that changed, -c ends with a count of
 * substitutions, -1 replaces only the first match of each line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXLINE 1024
#define MAXPAT 128
#define MAXRANGES 32
#define MAXSUB 256

enum ptype { P_LIT, P_ANY, P_BOL, P_EOL, P_CLASS, P_NCLASS };

struct range {
    int lo;
    int hi;
};

struct pelem {
    enum ptype type;
    int ch;      /* P_LIT */
    int closure; /* followed by '*' */
    int nranges; /* P_CLASS, P_NCLASS */
    struct range ranges[MAXRANGES];
};

struct pattern {
    int n;
    struct pelem e[MAXPAT];
};

enum stype { S_TEXT, S_MATCH };

struct selem {
    enum stype type;
    int ch;
};

struct subst {
    int n;
    struct selem e[MAXSUB];
};

/* A growable output line. */
struct buffer {
    char *text;
    size_t len;
    size_t cap;
};

static int only_changed;
static int print_count;
static int first_only;

static void die(const char *what, const char *arg)
{
    fprintf(stderr, "replace: %s: %s\n", what, arg);
    exit(2);
}

/*
 * Read one possibly escaped character of s at s[*i].  When s[*i] is a
 * backslash followed by another character, *i advances to that character
 * and its translation is returned; a trailing backslash stands for itself.
 */
static int esc(const char *s, int *i)
{
    if (s[*i] != '\\' || s[*i + 1] == '\0')
        return (unsigned char)s[*i];
    (*i)++;
    switch (s[*i]) {
    case 'n':
        return '\n';
    case 't':
        return '\t';
    default:
        return (unsigned char)s[*i];
    }
}

static void add_range(struct pelem *e, int lo, int hi, const char *arg)
{
    if (e->nranges == MAXRANGES)
        die("class too large", arg);
    e->ranges[e->nranges].lo = lo;
    e->ranges[e->nranges].hi = hi;
    e->nranges++;
}

/* Parse a class body; *i is just past '[' and is left on the closing ']'. */
static void parse_class(const char *arg, int *i, struct pelem *e)
{
    e->type = P_CLASS;
    e->nranges = 0;
    if (arg[*i] == '^') {
        e->type = P_NCLASS;
        (*i)++;
    }
    while (arg[*i] != '\0' && arg[*i] != ']') {
        int lo = esc(arg, i);
        int hi = lo;

        (*i)++;
        if (arg[*i] == '-' && arg[*i + 1] != '\0' && arg[*i + 1] != ']') {
            (*i)++;
            hi = esc(arg, i);
            (*i)++;
            if (hi < lo)
                die("reversed range in class", arg);
        }
        add_range(e, lo, hi, arg);
    }
    if (arg[*i] != ']')
        die("unterminated class", arg);
}

static struct pelem *new_elem(struct pattern *p, enum ptype type, const char *arg)
{
    struct pelem *e;

    if (p->n == MAXPAT)
        die("pattern too long", arg);
    e = &p->e[p->n++];
    memset(e, 0, sizeof *e);
    e->type = type;
    return e;
}

/* Only single-character elements may be repeated. */
static int closable(const struct pelem *e)
{
    return e->type != P_BOL && e->type != P_EOL && !e->closure;
}

static void compile_pattern(const char *arg, struct pattern *p)
{
    int i;

    p->n = 0;
    for (i = 0; arg[i] != '\0'; i++) {
        struct pelem *e;

        if (arg[i] == '^' && i == 0) {
            new_elem(p, P_BOL, arg);
        } else if (arg[i] == '$' && arg[i + 1] == '\0') {
            new_elem(p, P_EOL, arg);
        } else if (arg[i] == '.') {
            new_elem(p, P_ANY, arg);
        } else if (arg[i] == '[') {
            e = new_elem(p, P_CLASS, arg);
            i++;
            parse_class(arg, &i, e);
        } else if (arg[i] == '*' && p->n > 0 && closable(&p->e[p->n - 1])) {
            p->e[p->n - 1].closure = 1;
        } else {
            e = new_elem(p, P_LIT, arg);
            e->ch = esc(arg, &i);
        }
    }
}

static void compile_subst(const char *arg, struct subst *s)
{
    int i;

    s->n = 0;
    for (i = 0; arg[i] != '\0'; i++) {
        if (s->n == MAXSUB)
            die("substitution too long", arg);
        if (arg[i] == '&') {
            s->e[s->n].type = S_MATCH;
            s->e[s->n].ch = 0;
        } else {
            s->e[s->n].type = S_TEXT;
            s->e[s->n].ch = esc(arg, &i);
        }
        s->n++;
    }
}

static int in_class(const struct pelem *e, int c)
{
    int k;

    for (k = 0; k < e->nranges; k++) {
        if (c >= e->ranges[k].lo && c <= e->ranges[k].hi)
            return 1;
    }
    return 0;
}

/* Does a single-character element match c (never the end of the line)? */
static int match_char(const struct pelem *e, int c)
{
    if (c == '\0')
        return 0;
    switch (e->type) {
    case P_LIT:
        return c == e->ch;
    case P_ANY:
        return 1;
    case P_CLASS:
        return in_class(e, c);
    case P_NCLASS:
        return !in_class(e, c);
    default:
        return 0;
    }
}

/*
 * Match elements k.. of the pattern against line from index i.  Returns the
 * index just past the match, or -1.  A closure takes as many characters as
 * it can, then gives them back one by one until the rest matches.
 */
static int match_here(const char *line, int i, const struct pattern *p, int k)
{
    while (k < p->n) {
        const struct pelem *e = &p->e[k];

        if (e->closure) {
            int j = i;

            while (match_char(e, (unsigned char)line[j]))
                j++;
            while (j >= i) {
                int r = match_here(line, j, p, k + 1);

                if (r >= 0)
                    return r;
                j--;
            }
            return -1;
        }
        switch (e->type) {
        case P_BOL:
            if (i != 0)
                return -1;
            break;
        case P_EOL:
            if (line[i] != '\0')
                return -1;
            break;
        default:
            if (!match_char(e, (unsigned char)line[i]))
                return -1;
            i++;
            break;
        }
        k++;
    }
    return i;
}

static void buf_add(struct buffer *b, int c)
{
    if (b->len + 1 >= b->cap) {
        size_t ncap = b->cap ? b->cap * 2 : 64;
        char *nt = realloc(b->text, ncap);

        if (nt == NULL) {
            fprintf(stderr, "replace: out of memory\n");
            exit(2);
        }
        b->text = nt;
        b->cap = ncap;
    }
    b->text[b->len++] = (char)c;
    b->text[b->len] = '\0';
}

static void buf_clear(struct buffer *b)
{
    buf_add(b, ' '); /* makes sure text is allocated */
    b->len = 0;
    b->text[0] = '\0';
}

static void put_subst(struct buffer *out, const struct subst *s, const char *line, int from,
                      int to)
{
    int k;
    int i;

    for (k = 0; k < s->n; k++) {
        if (s->e[k].type == S_MATCH) {
            for (i = from; i < to; i++)
                buf_add(out, line[i]);
        } else {
            buf_add(out, s->e[k].ch);
        }
    }
}

/* Substitute in one line (without its newline); returns the number of
 * substitutions made. */
static int subst_line(const char *line, const struct pattern *p, const struct subst *s,
                      struct buffer *out)
{
    int i = 0;
    int last = -1; /* end of the previous match */
    int count = 0;

    buf_clear(out);
    for (;;) {
        int m = -1;

        if (!(first_only && count > 0))
            m = match_here(line, i, p, 0);
        /* an empty match right after a match would substitute twice */
        if (m >= 0 && m != last) {
            put_subst(out, s, line, i, m);
            count++;
            last = m;
        }
        if (line[i] == '\0')
            break;
        if (m < 0 || m == i) {
            buf_add(out, line[i]);
            i++;
        } else {
            i = m;
        }
    }
    return count;
}

static void usage(void)
{
    fprintf(stderr, "usage: replace [-n] [-c] [-1] PATTERN SUBSTITUTION < input\n");
}

int main(int argc, char **argv)
{
    static struct pattern pat;
    static struct subst sub;
    char line[MAXLINE];
    struct buffer out = {NULL, 0, 0};
    int argi = 1;
    int total = 0;
    int changed_lines = 0;

    while (argi < argc && argv[argi][0] == '-' && argv[argi][1] != '\0' &&
           argv[argi][2] == '\0' && strchr("nc1", argv[argi][1]) != NULL) {
        switch (argv[argi][1]) {
        case 'n':
            only_changed = 1;
            break;
        case 'c':
            print_count = 1;
            break;
        default:
            first_only = 1;
            break;
        }
        argi++;
    }
    if (argc - argi != 2) {
        usage();
        return 2;
    }
    if (argv[argi][0] == '\0')
        die("empty pattern", argv[argi]);
    compile_pattern(argv[argi], &pat);
    compile_subst(argv[argi + 1], &sub);

    while (fgets(line, sizeof line, stdin) != NULL) {
        size_t len = strlen(line);
        int had_newline = len > 0 && line[len - 1] == '\n';
        int n;

        if (had_newline)
            line[len - 1] = '\0';
        n = subst_line(line, &pat, &sub, &out);
        total += n;
        if (n > 0)
            changed_lines++;
        if (only_changed && n == 0)
            continue;
        fputs(out.text, stdout);
        if (had_newline)
            putchar('\n');
    }
    if (print_count)
        printf("%d substitutions in %d lines\n", total, changed_lines);
    free(out.text);
    return 0;
}
