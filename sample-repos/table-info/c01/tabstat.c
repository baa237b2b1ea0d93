/*
 * tabstat - the information in contingency tables read from standard input.
 *
 * Each table is a line "R C" followed by R * C counts (any layout); lines
 * starting with '#' are comments. For each table it prints 2 * information,
 * the degrees of freedom and the tail probability q; then the totals over all
 * tables.
 *
 * usage: tabstat [-x]
 *   -x  print Pearson's chi-square and its probability too
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "tabstat.h"

/* Reads the next number, skipping comments. Returns 0 at the end of input. */
static int next_number(double *v)
{
    int c;

    for (;;) {
        c = getchar();
        if (c == EOF)
            return 0;
        if (c == '#') {
            while (c != '\n' && c != EOF)
                c = getchar();
            continue;
        }
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
    }
    ungetc(c, stdin);
    return scanf("%lf", v) == 1;
}

/* Returns 1 for a table, 0 at the end of input, -1 for a malformed one. */
static int read_table(struct table *t)
{
    double r, c, v;
    int i, j;

    if (!next_number(&r))
        return 0;
    if (!next_number(&c))
        return -1;
    if (r < 1 || r > MAXROW || c < 1 || c > MAXCOL || r != (int)r || c != (int)c)
        return -1;
    t->r = (int)r;
    t->c = (int)c;
    for (i = 0; i < t->r; i++) {
        for (j = 0; j < t->c; j++) {
            if (!next_number(&v))
                return -1;
            t->x[i][j] = v;
        }
    }
    return 1;
}

int main(int argc, char **argv)
{
    struct table t;
    struct stats s;
    double total_info = 0.0, total_chisq = 0.0;
    int total_df = 0, tables = 0, chi = 0, opt, got;

    while ((opt = getopt(argc, argv, "x")) != -1) {
        if (opt == 'x') {
            chi = 1;
        } else {
            fprintf(stderr, "usage: tabstat [-x]\n");
            return 2;
        }
    }
    while ((got = read_table(&t)) != 0) {
        if (got < 0) {
            printf("malformed table\n");
            return 1;
        }
        tables++;
        if (!table_stats(&t, &s) || s.df <= 0) {
            printf("table %d: no information\n", tables);
            continue;
        }
        printf("table %d: 2info = %8.3f  df = %2d  q = %7.4f\n", tables, s.info, s.df,
               q_chisq(s.info, s.df));
        if (chi)
            printf("         chisq = %8.3f            q = %7.4f\n", s.chisq,
                   q_chisq(s.chisq, s.df));
        total_info += s.info;
        total_chisq += s.chisq;
        total_df += s.df;
    }
    if (total_df > 0) {
        printf("total:   2info = %8.3f  df = %2d  q = %7.4f\n", total_info, total_df,
               q_chisq(total_info, total_df));
        if (chi)
            printf("         chisq = %8.3f            q = %7.4f\n", total_chisq,
                   q_chisq(total_chisq, total_df));
    }
    return 0;
}
