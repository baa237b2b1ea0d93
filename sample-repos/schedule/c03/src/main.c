/*
 * main.c -- drive the scheduler from commands read on standard input.
 *
 * usage: schedule [-v] N1 N2 N3
 *   creates N1 jobs of priority 1, then N2 of priority 2 and N3 of
 *   priority 3 (ids count from 1), then reads commands:
 *     1 PRIO          new job at PRIO
 *     2 PRIO RATIO    move the job RATIO/1000 into ready[PRIO] one level up
 *     3               block the running job
 *     4 RATIO         unblock the job RATIO/1000 into the blocked queue
 *     5               the running job's quantum expires
 *     6               the running job finishes
 *     7               finish every ready job, in order
 *     8               print the queues on a line of their own
 *   and prints the ids of finished jobs in the order they finished
 *   (with -v, each id is followed by the job's priority and block count).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched.h"

#define MAX_INITIAL 1000

static int reported;
static int verbose;

static void report(const struct job *j)
{
    if (reported > 0)
        putchar(' ');
    if (verbose)
        printf("%d:p%d:b%d", j->id, j->prio, j->blocks);
    else
        printf("%d", j->id);
    reported++;
}

static void print_queue(const char *name, const struct queue *q)
{
    int i;

    printf(" %s=[", name);
    for (i = 0; i < queue_len(q); i++)
        printf(i > 0 ? " %d" : "%d", queue_id_at(q, i));
    putchar(']');
}

/* Show every queue, highest priority first; ends the current line of ids. */
static void print_status(const struct sched *s)
{
    char name[8];
    int p;

    if (reported > 0)
        putchar('\n');
    reported = 0;
    fputs("status:", stdout);
    for (p = MAXPRIO; p >= 1; p--) {
        snprintf(name, sizeof name, "p%d", p);
        print_queue(name, &s->ready[p]);
    }
    print_queue("blocked", &s->blocked);
    putchar('\n');
}

static void usage(void)
{
    fprintf(stderr, "usage: schedule [-v] N1 N2 N3 < commands\n");
}

/* Parse a non-negative count; -1 when the text is not one. */
static int parse_count(const char *text)
{
    int i;
    int n;

    if (text[0] == '\0')
        return -1;
    for (i = 0; text[i] != '\0'; i++) {
        if (text[i] < '0' || text[i] > '9')
            return -1;
    }
    n = atoi(text);
    return n <= MAX_INITIAL ? n : -1;
}

static int valid_ratio(int ratio)
{
    return ratio >= 0 && ratio <= RATIO_SCALE;
}

/* Read the operands of a command; returns 0 at a truncated command. */
static int read_operands(int *ops, int n)
{
    int i;

    for (i = 0; i < n; i++) {
        if (scanf("%d", &ops[i]) != 1)
            return 0;
    }
    return 1;
}

static int run_commands(struct sched *s)
{
    int cmd;
    int ops[2];
    int status = 0;
    struct job *j;

    while (scanf("%d", &cmd) == 1) {
        switch (cmd) {
        case CMD_NEW_JOB:
            if (!read_operands(ops, 1))
                return 1;
            if (sched_new_job(s, ops[0]) < 0) {
                fprintf(stderr, "schedule: bad priority %d\n", ops[0]);
                status = 1;
            }
            break;
        case CMD_UPGRADE_PRIO:
            if (!read_operands(ops, 2))
                return 1;
            if (!valid_ratio(ops[1])) {
                fprintf(stderr, "schedule: bad ratio %d\n", ops[1]);
                status = 1;
                break;
            }
            sched_upgrade(s, ops[0], ops[1]);
            break;
        case CMD_BLOCK:
            sched_block(s);
            break;
        case CMD_UNBLOCK:
            if (!read_operands(ops, 1))
                return 1;
            if (!valid_ratio(ops[0])) {
                fprintf(stderr, "schedule: bad ratio %d\n", ops[0]);
                status = 1;
                break;
            }
            sched_unblock(s, ops[0]);
            break;
        case CMD_QUANTUM_EXPIRE:
            sched_quantum_expire(s);
            break;
        case CMD_FINISH:
            j = sched_finish(s);
            if (j != NULL) {
                report(j);
                free(j);
            }
            break;
        case CMD_FLUSH:
            while ((j = sched_finish(s)) != NULL) {
                report(j);
                free(j);
            }
            break;
        case CMD_STATUS:
            print_status(s);
            break;
        default:
            fprintf(stderr, "schedule: unknown command %d\n", cmd);
            status = 1;
            break;
        }
    }
    return status;
}

int main(int argc, char **argv)
{
    struct sched s;
    int counts[MAXPRIO + 1];
    int p;
    int i;
    int status;
    int first = 1;

    if (argc > 1 && strcmp(argv[1], "-v") == 0) {
        verbose = 1;
        first = 2;
    }
    if (argc - first != MAXPRIO) {
        usage();
        return 2;
    }
    for (p = 1; p <= MAXPRIO; p++) {
        const char *arg = argv[first + p - 1];

        counts[p] = parse_count(arg);
        if (counts[p] < 0) {
            fprintf(stderr, "schedule: bad job count '%s'\n", arg);
            usage();
            return 2;
        }
    }
    sched_init(&s);
    for (p = 1; p <= MAXPRIO; p++) {
        for (i = 0; i < counts[p]; i++)
            sched_new_job(&s, p);
    }
    status = run_commands(&s);
    if (reported > 0)
        putchar('\n');
    sched_free(&s);
    return status;
}
