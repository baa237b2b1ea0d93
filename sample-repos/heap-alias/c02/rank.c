/*
 * board - the players and their ranking.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rank.h"

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (q == NULL) {
        fprintf(stderr, "board: out of memory\n");
        exit(1);
    }
    return q;
}

void board_init(struct board *b)
{
    b->players = NULL;
    b->count = 0;
    b->cap = 0;
    b->order = NULL;
}

void board_free(struct board *b)
{
    int i;

    for (i = 0; i < b->count; i++)
        free(b->players[i].name);
    free(b->players);
    free(b->order);
    board_init(b);
}

/* The player called name, added with no games if new. */
struct player *board_find(struct board *b, const char *name)
{
    int i;
    struct player *p;

    for (i = 0; i < b->count; i++)
        if (strcmp(b->players[i].name, name) == 0)
            return &b->players[i];
    if (b->count == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 4;
        b->players = xrealloc(b->players, (size_t)b->cap * sizeof *b->players);
    }
    p = &b->players[b->count++];
    p->name = xrealloc(NULL, strlen(name) + 1);
    strcpy(p->name, name);
    p->games = 0;
    p->points = 0;
    p->goal_diff = 0;
    return p;
}

/* More points first; on a tie, fewer games; then by name. */
int rank_better(const struct player *x, const struct player *y)
{
    if (x->points != y->points)
        return x->points > y->points;
    if (x->games != y->games)
        return x->games < y->games;
    return strcmp(x->name, y->name) < 0;
}

/* Exchanges two indices without a temporary. */
static void swap_idx(int *a, int *b)
{
    *a ^= *b;
    *b ^= *a;
    *a ^= *b;
}

/* Selection sort of the index: boards are short, and it keeps players in place. */
void rank_sort(struct board *b)
{
    int i, j;

    b->order = xrealloc(b->order, (size_t)(b->count > 0 ? b->count : 1) * sizeof *b->order);
    for (i = 0; i < b->count; i++)
        b->order[i] = i;
    for (i = 0; i + 1 < b->count; i++) {
        int best = i;
        for (j = i + 1; j < b->count; j++)
            if (rank_better(&b->players[b->order[j]], &b->players[b->order[best]]))
                best = j;
        swap_idx(&b->order[i], &b->order[best]);
    }
}
