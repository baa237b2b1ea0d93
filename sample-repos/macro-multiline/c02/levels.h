#ifndef LEVELS_H
#define LEVELS_H

#define LEVEL_MAX 100

/* A value kept within [lo, hi]. */
#define CLAMP(v, lo, hi) \
    ((v) < (lo) ? (lo) : \
     (v) > (hi) ? (lo) : (v))

#endif
