/*
 * queue.h -- singly linked FIFO queues of jobs.
 */
#ifndef QUEUE_H
#define QUEUE_H

struct job {
    int id;
    int prio;    /* ready queue the job belongs to, 1..MAXPRIO */
    int expired; /* quanta expired at the current priority */
    int blocks;  /* times the job was blocked */
    struct job *next;
};

struct queue {
    struct job *head;
    struct job *tail;
    int len;
};

void queue_init(struct queue *q);
int queue_len(const struct queue *q);
int queue_empty(const struct queue *q);
void queue_append(struct queue *q, struct job *j);
struct job *queue_peek(const struct queue *q);
struct job *queue_pop(struct queue *q);
/* Unlink and return the n-th job, counting from 1; NULL when out of range. */
struct job *queue_remove_nth(struct queue *q, int n);
/* Id of the n-th job (from 1), or -1. */
int queue_id_at(const struct queue *q, int n);
void queue_free(struct queue *q);

#endif
