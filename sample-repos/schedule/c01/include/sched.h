/*
 * sched.h -- a three-level priority scheduler.
 *
 * Ready jobs wait in one FIFO per priority (MAXPRIO is the highest); the
 * running job is the head of the highest non-empty ready queue.  Blocked
 * jobs wait in their own FIFO until unblocked.
 */
#ifndef SCHED_H
#define SCHED_H

#include "queue.h"

#ifndef MAXPRIO
#define MAXPRIO 3
#endif

/* Ratios select a job in a queue and are given in thousandths. */
#define RATIO_SCALE 1000

/* A job that lets its quantum expire this often at one level drops a level. */
#define DEMOTE_AFTER 3

enum command {
    CMD_NEW_JOB = 1,      /* prio */
    CMD_UPGRADE_PRIO = 2, /* prio ratio */
    CMD_BLOCK = 3,
    CMD_UNBLOCK = 4,        /* ratio */
    CMD_QUANTUM_EXPIRE = 5,
    CMD_FINISH = 6,
    CMD_FLUSH = 7
};

struct sched {
    struct queue ready[MAXPRIO + 1]; /* ready[0] is unused */
    struct queue blocked;
    int next_id;
};

void sched_init(struct sched *s);
int sched_new_job(struct sched *s, int prio);
struct job *sched_current(const struct sched *s);
int sched_upgrade(struct sched *s, int prio, int ratio);
int sched_block(struct sched *s);
int sched_unblock(struct sched *s, int ratio);
int sched_quantum_expire(struct sched *s);
/* Remove the running job; the caller reports and frees it. */
struct job *sched_finish(struct sched *s);
int sched_ready_count(const struct sched *s);
void sched_free(struct sched *s);

#endif
