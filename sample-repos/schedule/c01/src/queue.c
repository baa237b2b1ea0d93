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

struct job *queue_remove_nth(struct queue *q, int n)
{
    struct job *prev = NULL;
    struct job *j = q->head;
    int i;

    if (n < 1 || n > q->len)
        return NULL;
    for (i = 1; i < n; i++) {
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

int queue_id_at(const struct queue *q, int n)
{
    const struct job *j = q->head;

    if (n < 1)
        return -1;
    while (j != NULL && n > 1) {
        j = j->next;
        n--;
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
