/*
 * board - a league table from match results on standard input.
 *
 * Each line is "HOME AWAY HOME_GOALS AWAY_GOALS"; a win is worth 3 points,
 * a draw 1. Lines starting with '#' are comments.
 *
 * usage: board [-n N]
 *   -n N  print only the top N players
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "rank.h"

static void record(struct board *b, const char *home, const char *away, int hg, int ag)
{
    struct player *h = board_find(b, home);
    struct player *a = board_find(b, away);

    h->games++;
    a->games++;
    if (hg > ag)
        h->points += 3;
    else if (hg < ag)
        a->points += 3;
    else {
        h->points += 1;
        a->points += 1;
    }
}

static void print_board(const struct board *b, int top)
{
    int i;
    int shown = b->count;

    if (top > 0 && top < shown)
        shown = top;
    for (i = 0; i < shown; i++) {
        const struct player *p = &b->players[b->order[i]];
        printf("%2d. %-10s %2d %3d\n", i + 1, p->name, p->games, p->points);
    }
}

int main(int argc, char **argv)
{
    struct board b;
    char line[128];
    char home[32], away[32];
    int hg, ag, opt;
    int top = 0;
    int lineno = 0;

    while ((opt = getopt(argc, argv, "n:")) != -1) {
        if (opt == 'n') {
            top = atoi(optarg);
        } else {
            fprintf(stderr, "usage: board [-n N]\n");
            return 2;
        }
    }
    board_init(&b);
    while (fgets(line, sizeof line, stdin) != NULL) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (sscanf(line, "%31s %31s %d %d", home, away, &hg, &ag) != 4) {
            fprintf(stderr, "board: line %d: expected HOME AWAY N N\n", lineno);
            continue;
        }
        record(&b, home, away, hg, ag);
    }
    rank_sort(&b);
    print_board(&b, top);
    board_free(&b);
    return 0;
}
