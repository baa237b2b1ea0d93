/*
 * queue.c -- FIFO queues of jobs linked through job->next.
 */
#include <stdlib.h>

#include "queue.h"

void queue_init(struct queue *q)
{
    q->head = NULL;
    q->tail = NULL;
    q->len = 0;
}

int queue_len(const struct queue *q)
{
    return q->len;
}

int queue_empty(const struct queue *q)
{
    return q->head == NULL;
}

void queue_append(struct queue *q, struct job *j)
{
    j->next = NULL;
    if (q->tail == NULL)
        q->head = j;
    else
        q->tail->next = j;
    q->tail = j;
    q->len++;
}

struct job *queue_peek(const struct queue *q)
{
    return q->head;
}

struct job *queue_pop(struct queue *q)
{
    struct job *j = q->head;

    if (j == NULL)
        return NULL;
    q->head = j->next;
    if (q->head == NULL)
        q->tail = NULL;
    j->next = NULL;
    q->len--;
    return j;
}

struct job *queue_remove_at(struct queue *q, int idx)
{
    struct job *prev = NULL;
    struct job *j = q->head;
    int i;

    if (idx < 0 || idx >= q->len)
        return NULL;
    for (i = 0; i < idx; i++) {
        prev = j;
        j = j->next;
    }
    if (prev == NULL)
        q->head = j->next;
    else
        prev->next = j->next;
    if (q->tail == j)
        q->tail = prev;
    j->next = NULL;
    q->len--;
    return j;
}

int queue_id_at(const struct queue *q, int idx)
{
    const struct job *j = q->head;

    if (idx < 0)
        return -1;
    while (j != NULL && idx > 0) {
        j = j->next;
        idx--;
    }
    return j != NULL ? j->id : -1;
}

void queue_free(struct queue *q)
{
    struct job *j = q->head;

    while (j != NULL) {
        struct job *next = j->next;

        free(j);
        j = next;
    }
    queue_init(q);
}
