/*
 * tabstat - information statistics of contingency tables.
 */
#ifndef TABSTAT_H
#define TABSTAT_H

#define MAXROW 8
#define MAXCOL 8

struct table {
    int r, c;
    double x[MAXROW][MAXCOL];
};

struct stats {
    double n;     /* grand total */
    double info;  /* 2 * information (the G statistic) */
    double chisq; /* Pearson's chi-square */
    int df;
};

/* stats.c */
int table_stats(const struct table *t, struct stats *s);

/* gamma.c */
double log_gamma(double x);
double q_chisq(double chisq, int df);

#endif
