/*
 * Marginal totals, the information statistic and chi-square of one table.
 */
#include <math.h>
#include "tabstat.h"

/* Returns 0 when the table is empty or has a negative count. */
int table_stats(const struct table *t, struct stats *s)
{
    double rt[MAXROW], ct[MAXCOL];
    int i, j;

    s->n = 0.0;
    for (i = 0; i < t->r; i++)
        rt[i] = 0.0;
    for (j = 0; j < t->c; j++)
        ct[j] = 0.0;
    for (i = 0; i < t->r; i++) {
        for (j = 0; j < t->c; j++) {
            double x = t->x[i][j];
            if (x < 0.0)
                return 0;
            rt[i] += x;
            ct[j] += x;
            s->n += x;
        }
    }
    if (s->n <= 0.0)
        return 0;

    /* Both statistics compare each count with its expected value e. */
    s->info = 0.0;
    s->chisq = 0.0;
    for (i = 0; i < t->r; i++) {
        for (j = 0; j < t->c; j++) {
            double x = t->x[i][j];
            double e = rt[i] * ct[j] / s->n;
            if (e <= 0.0)
                continue;
            if (x > 0.0)
                s->info += x * log(x / e);
            s->chisq += (x - e) * (x - e) / x;
        }
    }
    s->info *= 2.0;
    s->df = (t->r - 1) * (t->c - 1);
    return 1;
}
