/*
 * tally - the table of valid ballot codes, sorted for binary search.
 */
#include <stdlib.h>
#include "table.h"

void codes_init(struct codes *t)
{
    t->n = 0;
    t->code[0] = END_CODE;
}

/* Returns 0 when the table is full. */
int codes_add(struct codes *t, int code)
{
    if (t->n == MAX_CODES)
        return 0;
    t->code[t->n] = code;
    t->votes[t->n] = 0;
    t->n++;
    return 1;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Sorts the codes, drops duplicates and puts the sentinel after them. */
void codes_seal(struct codes *t)
{
    int i, k = 0;

    qsort(t->code, (size_t)t->n, sizeof t->code[0], cmp_int);
    for (i = 0; i < t->n; i++)
        if (k == 0 || t->code[k - 1] != t->code[i])
            t->code[k++] = t->code[i];
    t->n = k;
    t->code[t->n] = END_CODE;
    for (i = 0; i <= t->n; i++)
        t->votes[i] = 0;
}

/* Index of key among code[0..n-1], or -1. */
int find_code(const int *code, int n, int key)
{
    int lo = 0;
    int hi = n - 1;

    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (code[mid] == key)
            return mid;
        if (code[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}
