#include <string.h>
#include "kv.h"

/* x limited to [lo, hi]. */
int clamp(int x, int lo, int hi)
{
    if (x < lo)
        return lo;
    if (x > hi)
        return hi;
    return x;
}

/* The decimal value of "K=digits" when K is `key`, else -1. */
int kv_value(const char *s, char key)
{
    size_t n = strlen(s);
    if (n < 3 || s[0] != key || s[1] != '=')
        return -1;
    int v = 0;
    for (size_t i = 2; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}
