/*
 * cmd.c -- read scheduler commands from standard input and report the
 * jobs that finish.  The command codes are listed in sched.h and main.c.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"

static int reported;
static int verbose;

void cmd_set_verbose(int on)
{
    verbose = on;
}

/* End the line of finished ids, if one was started. */
void cmd_end_output(void)
{
    if (reported > 0)
        putchar('\n');
    reported = 0;
}

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

    cmd_end_output();
    fputs("status:", stdout);
    for (p = MAXPRIO; p >= 1; p--) {
        snprintf(name, sizeof name, "p%d", p);
        print_queue(name, &s->ready[p]);
    }
    print_queue("blocked", &s->blocked);
    putchar('\n');
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

int run_commands(struct sched *s)
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

