#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched.h"

struct queue ready[NPRIO + 1];
struct queue blocked;
static int next_id = 1;

void enqueue(struct queue *q, struct job *j)
{
    j->next = NULL;
    if (q->tail)
        q->tail->next = j;
    else
        q->head = j;
    q->tail = j;
    q->len++;
}

struct job *dequeue(struct queue *q)
{
    return remove_nth(q, 0);
}

/* Removes the n-th job (0-based) of q; NULL when q is shorter. */
struct job *remove_nth(struct queue *q, int n)
{
    struct job *prev = NULL, *j = q->head;
    while (j && n > 0) {
        prev = j;
        j = j->next;
        n--;
    }
    if (!j)
        return NULL;
    if (prev)
        prev->next = j->next;
    else
        q->head = j->next;
    if (q->tail == j)
        q->tail = prev;
    q->len--;
    j->next = NULL;
    return j;
}

struct job *new_job(int prio, const char *name)
{
    struct job *j = malloc(sizeof *j);
    if (!j) {
        perror("malloc");
        exit(3);
    }
    j->id = next_id++;
    j->prio = prio;
    if (name) {
        j->name = strdup(name);
    } else {
        char buf[NAME_LEN];
        snprintf(buf, sizeof buf, "job%d", j->id);
        j->name = strdup(buf);
    }
    j->ran = 0;
    j->waited = 0;
    j->next = NULL;
    return j;
}

/* The job that runs now: the head of the highest non-empty queue. */
struct job *current_job(void)
{
    for (int p = NPRIO; p >= 1; p--)
        if (ready[p].head)
            return ready[p].head;
    return NULL;
}

/* Every job waiting behind another waits one more tick. */
void age_waiting(void)
{
    struct job *cur = current_job();
    for (int p = 1; p <= NPRIO; p++)
        for (struct job *j = ready[p].head; j; j = j->next)
            if (j != cur)
                j->waited++;
}
