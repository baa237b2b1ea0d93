/*
 * sched.c -- scheduling operations over the ready and blocked queues.
 */
#include <stdio.h>
#include <stdlib.h>

#include "sched.h"

void sched_init(struct sched *s)
{
    int p;

    for (p = 0; p <= MAXPRIO; p++)
        queue_init(&s->ready[p]);
    queue_init(&s->blocked);
    s->next_id = 1;
}

static int valid_prio(int prio)
{
    return prio >= 1 && prio <= MAXPRIO;
}

/* Put a job at the back of the ready queue of its priority. */
static void requeue(struct sched *s, struct job *j)
{
    queue_append(&s->ready[j->prio], j);
}

int sched_new_job(struct sched *s, int prio)
{
    struct job *j;

    if (!valid_prio(prio))
        return -1;
    j = malloc(sizeof *j);
    if (j == NULL) {
        fprintf(stderr, "schedule: out of memory\n");
        exit(2);
    }
    j->id = s->next_id++;
    j->prio = prio;
    j->expired = 0;
    j->blocks = 0;
    j->next = NULL;
    requeue(s, j);
    return j->id;
}

/* Priority of the running job, 0 when no job is ready. */
static int current_prio(const struct sched *s)
{
    int p;

    for (p = MAXPRIO; p >= 1; p--) {
        if (!queue_empty(&s->ready[p]))
            return p;
    }
    return 0;
}

struct job *sched_current(const struct sched *s)
{
    int p = current_prio(s);

    return p > 0 ? queue_peek(&s->ready[p]) : NULL;
}

/* Index of the job a ratio (in thousandths) selects among len jobs. */
static int select_index(int len, int ratio)
{
    int idx = len * ratio / RATIO_SCALE;

    if (idx > len)
        idx = len - 1;
    return idx;
}

/* Move one job chosen by ratio from ready[prio] to the next higher queue. */
int sched_upgrade(struct sched *s, int prio, int ratio)
{
    struct queue *q;
    struct job *j;

    if (!valid_prio(prio) || prio == MAXPRIO)
        return -1;
    q = &s->ready[prio];
    if (queue_empty(q))
        return -1;
    j = queue_remove_at(q, select_index(queue_len(q), ratio));
    if (j == NULL)
        return -1;
    requeue(s, j);
    j->prio = prio + 1;
    j->expired = 0;
    return j->id;
}

/* The running job waits for an event. */
int sched_block(struct sched *s)
{
    int p = current_prio(s);
    struct job *j;

    if (p == 0)
        return -1;
    j = queue_pop(&s->ready[p]);
    j->blocks++;
    queue_append(&s->blocked, j);
    return j->id;
}

/* One blocked job, chosen by ratio, becomes ready again at its priority. */
int sched_unblock(struct sched *s, int ratio)
{
    struct queue *q = &s->blocked;
    struct job *j;

    if (queue_empty(q))
        return -1;
    j = queue_remove_at(q, select_index(queue_len(q), ratio));
    if (j == NULL)
        return -1;
    requeue(s, j);
    return j->id;
}

/* The running job goes to the back of its queue; a job that keeps using up
 * its quantum drops one level. */
int sched_quantum_expire(struct sched *s)
{
    int p = current_prio(s);
    struct job *j;

    if (p == 0)
        return -1;
    j = queue_pop(&s->ready[p]);
    j->expired++;
    if (j->expired >= DEMOTE_AFTER && j->prio > 1) {
        j->prio--;
        j->expired = 0;
    }
    requeue(s, j);
    return j->id;
}

struct job *sched_finish(struct sched *s)
{
    int p = current_prio(s);

    if (p == 0)
        return NULL;
    return queue_pop(&s->ready[p]);
}

int sched_ready_count(const struct sched *s)
{
    int p;
    int n = 0;

    for (p = 1; p <= MAXPRIO; p++)
        n += queue_len(&s->ready[p]);
    return n;
}

void sched_free(struct sched *s)
{
    int p;

    for (p = 0; p <= MAXPRIO; p++)
        queue_free(&s->ready[p]);
    queue_free(&s->blocked);
}
