/*
 * tally - count ballots.
 *
 * Standard input holds a line "codes: C1 C2 ..." with the valid codes, then one
 * ballot code per line. Prints the votes per code, the invalid ballots, and the
 * winner.
 *
 * usage: tally [-q] [-p]
 *   -q  do not list invalid ballots one by one
 *   -p  print shares in percent
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "table.h"

static struct codes table;

static int read_codes(const char *line)
{
    const char *p;
    char *end;

    if (strncmp(line, "codes:", 6) != 0)
        return 0;
    p = line + 6;
    for (;;) {
        long v = strtol(p, &end, 10);
        if (end == p)
            break;
        if (!codes_add(&table, (int)v)) {
            fprintf(stderr, "tally: too many codes\n");
            exit(1);
        }
        p = end;
    }
    codes_seal(&table);
    return 1;
}

int main(int argc, char **argv)
{
    char line[256];
    int quiet = 0, percent = 0, opt;
    int invalid = 0, total = 0;
    int i, best = -1;

    while ((opt = getopt(argc, argv, "qp")) != -1) {
        if (opt == 'q')
            quiet = 1;
        else if (opt == 'p')
            percent = 1;
        else {
            fprintf(stderr, "usage: tally [-q] [-p]\n");
            return 2;
        }
    }
    codes_init(&table);
    if (fgets(line, sizeof line, stdin) == NULL || !read_codes(line)) {
        fprintf(stderr, "tally: first line must list the codes\n");
        return 1;
    }
    while (fgets(line, sizeof line, stdin) != NULL) {
        char *end;
        long v = strtol(line, &end, 10);
        int k;
        if (end == line)
            continue;
        total++;
        k = find_code(table.code, table.n, (int)v);
        if (k < 0) {
            invalid++;
            if (!quiet)
                printf("invalid ballot: %ld\n", v);
            continue;
        }
        table.votes[k]++;
    }
    for (i = 0; i < table.n; i++) {
        if (percent && total > 0)
            printf("%6d %5.1f%%\n", table.code[i], 100.0 * table.votes[i] / total);
        else
            printf("%6d %5d\n", table.code[i], table.votes[i]);
        if (best < 0 || table.votes[i] > table.votes[best])
            best = i;
    }
    printf("ballots: %d, invalid: %d\n", total, invalid);
    if (best >= 0 && table.votes[best] > 0)
        printf("winner: %d\n", table.code[best]);
    return 0;
}
