/*
 * tally - the table of valid ballot codes.
 */
#ifndef TABLE_H
#define TABLE_H

#define MAX_CODES 64

struct codes {
    int code[MAX_CODES];
    int votes[MAX_CODES];
    int n;
};

void codes_init(struct codes *t);
int codes_add(struct codes *t, int code);
void codes_seal(struct codes *t);
int find_code(const int *code, int n, int key);

#endif
