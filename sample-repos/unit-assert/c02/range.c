#include <stdlib.h>
#include <string.h>
#include "range.h"

/* "A-B" or "A": 1 with the bounds set, or 0 when A > B. */
int parse_range(const char *s, int *lo, int *hi)
{
    const char *dash = strchr(s, '-');
    *lo = atoi(s);
    *hi = dash ? atoi(dash + 1) : *lo;
    if (*lo >= *hi && dash)
        return 0;
    return 1;
}

/* How many integers the range holds. */
int range_len(int lo, int hi)
{
    return hi - lo + 1;
}
