#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched.h"

static struct job **done;
static int ndone, capdone;

void record_finished(struct job *j)
{
    if (ndone == capdone) {
        int cap = capdone ? capdone * 2 : 4;
        struct job **d = realloc(done, (size_t)cap * sizeof *d);
        if (!d) {
            perror("realloc");
            exit(3);
        }
        done = d;
        capdone = cap;
    }
    done[ndone++] = j;
}

void format_job(char *buf, size_t size, const struct job *j)
{
    int n = snprintf(buf, size, "%s#%d/p%d", j->name, j->id, j->prio);
    if (n >= (int)size && size > 4)
        strcpy(buf + size - 4, "...");
}

/* Longest wait first, then by id. */
static int by_wait(const void *a, const void *b)
{
    const struct job *x = *(struct job *const *)a;
    const struct job *y = *(struct job *const *)b;
    if (x->waited != y->waited)
        return y->waited - x->waited;
    return x->id - y->id;
}

static void free_queue(struct queue *q)
{
    struct job *j;
    while ((j = dequeue(q)) != NULL) {
        free(j->name);
        free(j);
    }
}

/* Registered with atexit: the summary is printed however the run ends. */
void report_at_exit(void)
{
    char buf[24];
    long total_wait = 0;

    qsort(done, (size_t)ndone, sizeof *done, by_wait);
    printf("finished %d job(s)\n", ndone);
    for (int i = 0; i < ndone; i++) {
        format_job(buf, sizeof buf, done[i]);
        printf("  %-23s ran %3d waited %3d\n", buf, done[i]->ran, done[i]->waited);
        total_wait += done[i]->waited;
    }
    if (ndone > 0)
        printf("mean wait %.2f\n", (double)total_wait / ndone);
    for (int i = 0; i < ndone; i++) {
        free(done[i]->name);
        free(done[i]);
    }
    free(done);
    for (int p = 1; p <= NPRIO; p++)
        free_queue(&ready[p]);
    free_queue(&blocked);
}
