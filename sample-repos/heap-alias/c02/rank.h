/*
 * board - ranking helpers.
 */
#ifndef RANK_H
#define RANK_H

struct player {
    char *name;
    int games;
    int points;
    int goal_diff;
};

struct board {
    struct player *players; /* in the order they were first seen */
    int count;
    int cap;
    int *order; /* indices into players, best first after rank_sort() */
};

void board_init(struct board *b);
void board_free(struct board *b);
struct player *board_find(struct board *b, const char *name);
void rank_sort(struct board *b);
int rank_better(const struct player *x, const struct player *y);

#endif
