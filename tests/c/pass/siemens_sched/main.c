/* usage: sched [-v] [-q QUANTUM] [-n N1,N2,N3] FILE
   Runs the commands of FILE ("-" for standard input) on a three-level
   priority scheduler:
     new PRIO [NAME]   a new job at priority PRIO
     upgrade PRIO N    move the N-th job of queue PRIO up one level
     block             the current job waits for I/O
     unblock N         the N-th blocked job is ready again
     tick [K]          K quanta pass (default 1)
     finish            the current job ends
     flush             every ready job ends, highest priority first
   -n starts with N1, N2 and N3 unnamed jobs at priorities 1, 2 and 3. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sched.h"

int verbose;
static int quantum = 2;
static int slice;
static struct job *last;
static int lineno;

static void usage(void)
{
    fprintf(stderr, "usage: sched [-v] [-q QUANTUM] [-n N1,N2,N3] FILE\n");
    exit(2);
}

/* A whole decimal number in [lo, hi], or exit with a message naming the line. */
static int number(const char *s, int lo, int hi)
{
    char *end;
    long v;

    if (!s) {
        fprintf(stderr, "sched: line %d: missing number\n", lineno);
        exit(1);
    }
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno != 0 || *end != '\0' || v < lo || v > hi) {
        fprintf(stderr, "sched: line %d: bad number '%s'\n", lineno, s);
        exit(1);
    }
    return (int)v;
}

static void say(const char *what, const struct job *j)
{
    char buf[40];
    if (!verbose)
        return;
    format_job(buf, sizeof buf, j);
    printf("%4d %-8s %s\n", lineno, what, buf);
}

static void finish(struct job *j)
{
    say("finish", j);
    record_finished(j);
}

static void tick(void)
{
    struct job *cur = current_job();
    if (!cur)
        return;
    if (cur != last) {
        last = cur;
        slice = 0;
    }
    age_waiting();
    cur->ran++;
    if (++slice == quantum) {
        /* Quantum expired: to the back of its own queue. */
        enqueue(&ready[cur->prio], dequeue(&ready[cur->prio]));
        slice = 0;
        last = NULL;
    }
}

static void command(char *line)
{
    char *cmd = strtok(line, " \t\r\n");
    char *a1, *a2;
    struct job *j;

    if (!cmd || cmd[0] == '#')
        return;
    a1 = strtok(NULL, " \t\r\n");
    a2 = strtok(NULL, " \t\r\n");
    if (strcmp(cmd, "new") == 0) {
        j = new_job(number(a1, 1, NPRIO), a2);
        enqueue(&ready[j->prio], j);
        say("new", j);
    } else if (strcmp(cmd, "upgrade") == 0) {
        int p = number(a1, 1, NPRIO);
        j = p < NPRIO ? remove_nth(&ready[p], number(a2, 0, 1000)) : NULL;
        if (j) {
            j->prio++;
            enqueue(&ready[j->prio], j);
            say("upgrade", j);
        }
    } else if (strcmp(cmd, "block") == 0) {
        j = current_job();
        if (j) {
            enqueue(&blocked, dequeue(&ready[j->prio]));
            say("block", j);
        }
    } else if (strcmp(cmd, "unblock") == 0) {
        j = remove_nth(&blocked, number(a1, 0, 1000));
        if (j) {
            enqueue(&ready[j->prio], j);
            say("unblock", j);
        }
    } else if (strcmp(cmd, "tick") == 0) {
        int k = a1 ? number(a1, 1, 1000) : 1;
        while (k-- > 0)
            tick();
    } else if (strcmp(cmd, "finish") == 0) {
        j = current_job();
        if (j)
            finish(dequeue(&ready[j->prio]));
    } else if (strcmp(cmd, "flush") == 0) {
        while ((j = current_job()) != NULL)
            finish(dequeue(&ready[j->prio]));
    } else {
        fprintf(stderr, "sched: line %d: unknown command '%s'\n", lineno, cmd);
    }
}

int main(int argc, char **argv)
{
    int opt, counts[NPRIO] = {0, 0, 0};
    FILE *in;
    char *line = NULL;
    size_t cap = 0;

    while ((opt = getopt(argc, argv, "vq:n:")) != -1) {
        switch (opt) {
        case 'v':
            verbose = 1;
            break;
        case 'q':
            quantum = atoi(optarg);
            if (quantum < 1)
                usage();
            break;
        case 'n':
            if (sscanf(optarg, "%d,%d,%d", &counts[0], &counts[1], &counts[2]) != 3)
                usage();
            break;
        default:
            usage();
        }
    }
    if (optind != argc - 1)
        usage();
    if (strcmp(argv[optind], "-") == 0) {
        in = stdin;
    } else {
        in = fopen(argv[optind], "r");
        if (!in) {
            perror(argv[optind]);
            return 2;
        }
    }
    atexit(report_at_exit);
    for (int p = 1; p <= NPRIO; p++)
        for (int i = 0; i < counts[p - 1]; i++)
            enqueue(&ready[p], new_job(p, NULL));
    while (getline(&line, &cap, in) != -1) {
        lineno++;
        command(line);
    }
    free(line);
    if (in != stdin)
        fclose(in);
    printf("%d line(s), %d still blocked\n", lineno, blocked.len);
    return 0;
}
