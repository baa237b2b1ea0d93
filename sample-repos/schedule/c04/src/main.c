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

#include "cmd.h"
#include "sched.h"

#define MAX_INITIAL 1000

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

int main(int argc, char **argv)
{
    struct sched s;
    int counts[MAXPRIO + 1];
    int p;
    int i;
    int status;
    int first = 1;

    if (argc > 1 && strcmp(argv[1], "-v") == 0) {
        cmd_set_verbose(1);
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
    cmd_end_output();
    sched_free(&s);
    return status;
}
