/*
 * tally - the table of valid ballot codes.
 */
#ifndef TABLE_H
#define TABLE_H

#include <limits.h>

#define MAX_CODES 64
#define END_CODE INT_MAX /* sentinel after the last code */

struct codes {
    int code[MAX_CODES + 1];
    int votes[MAX_CODES + 1];
    int n; /* codes, sentinel not counted */
};

void codes_init(struct codes *t);
int codes_add(struct codes *t, int code);
void codes_seal(struct codes *t);
int find_code(const int *code, int n, int key);

#endif
