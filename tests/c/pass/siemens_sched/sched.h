/* siemens_sched: a priority scheduler in the style of the Siemens suite's
   schedule, split over main.c (options, the command file), queue.c (the
   ready queues) and report.c (the accounting printed at exit). */
#ifndef SCHED_H
#define SCHED_H

#define NPRIO 3
#define NAME_LEN 32

struct job {
    int id;
    int prio; /* 1 (lowest) .. NPRIO */
    char *name;
    int ran;  /* quanta received */
    int waited;
    struct job *next;
};

struct queue {
    struct job *head, *tail;
    int len;
};

extern struct queue ready[NPRIO + 1];
extern struct queue blocked;
extern int verbose;

/* queue.c */
void enqueue(struct queue *q, struct job *j);
struct job *dequeue(struct queue *q);
struct job *remove_nth(struct queue *q, int n);
struct job *new_job(int prio, const char *name);
struct job *current_job(void);
void age_waiting(void);

/* report.c */
void record_finished(struct job *j);
void report_at_exit(void);
void format_job(char *buf, size_t size, const struct job *j);

#endif
