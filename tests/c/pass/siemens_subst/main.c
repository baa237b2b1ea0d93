/* usage: subst [-g] [-i] [-n] [-c] [-o OUTFILE] PATTERN REPLACEMENT [FILE...]
   Copies each FILE (standard input when none is named) with the first match
   of PATTERN on each line replaced by REPLACEMENT.
     -g  replace every match on the line
     -i  ignore case
     -n  print only changed lines, with their line numbers
     -c  print the number of replacements per file at the end
     -o  write to OUTFILE instead, then print it back from that file
   Patterns: c, \c, ., [set], [^set], x*, ^ at the start, $ at the end.
   In REPLACEMENT, & is the matched text and \& a literal &. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "subst.h"

static int global, fold, numbered, counts;
static FILE *out;

static void usage(void)
{
    fprintf(stderr, "usage: subst [-g] [-i] [-n] [-c] [-o OUTFILE] PATTERN REPLACEMENT [FILE...]\n");
    exit(2);
}

/* Returns the replacements made in f. */
static int run(FILE *f, const char *name, const struct pattern *p, const char *repl)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long lineno = 0;
    int total = 0;

    while ((len = getline(&line, &cap, f)) != -1) {
        int here = 0;
        char *r = substitute(p, line, repl, global, &here);
        lineno++;
        total += here;
        if (!numbered)
            fputs(r, out);
        else if (here > 0)
            fprintf(out, "%s:%ld: %s", name, lineno, r);
        if (numbered && here > 0 && (len == 0 || line[len - 1] != '\n'))
            fputc('\n', out);
        free(r);
    }
    free(line);
    return total;
}

int main(int argc, char **argv)
{
    struct pattern p;
    const char *err = NULL, *outname = NULL;
    char *repl;
    int opt, status = 0;

    while ((opt = getopt(argc, argv, "gnico:")) != -1) {
        switch (opt) {
        case 'g':
            global = 1;
            break;
        case 'i':
            fold = 1;
            break;
        case 'n':
            numbered = 1;
            break;
        case 'c':
            counts = 1;
            break;
        case 'o':
            outname = optarg;
            break;
        default:
            usage();
        }
    }
    if (argc - optind < 2)
        usage();
    if (!compile_pattern(argv[optind], fold, &p, &err)) {
        fprintf(stderr, "subst: %s: %s\n", argv[optind], err);
        return 2;
    }
    repl = strdup(argv[optind + 1]);
    out = stdout;
    if (outname) {
        out = fopen(outname, "w");
        if (!out) {
            fprintf(stderr, "subst: %s: %s\n", outname, strerror(errno));
            return 2;
        }
    }
    if (argc - optind == 2) {
        int n = run(stdin, "-", &p, repl);
        if (counts)
            fprintf(out, "-: %d replacement(s)\n", n);
    }
    for (int i = optind + 2; i < argc; i++) {
        FILE *f = fopen(argv[i], "r");
        int n;
        if (!f) {
            int e = errno;
            perror(argv[i]);
            status = e == ENOENT ? 1 : 2;
            continue;
        }
        n = run(f, argv[i], &p, repl);
        fclose(f);
        if (counts)
            fprintf(out, "%s: %d replacement(s)\n", argv[i], n);
    }
    if (outname) {
        char buf[64];
        fclose(out);
        out = fopen(outname, "r");
        if (!out) {
            perror(outname);
            return 2;
        }
        while (fgets(buf, sizeof buf, out))
            fputs(buf, stdout);
        fclose(out);
    }
    free(repl);
    free_pattern(&p);
    return status;
}
