#ifndef LEVELS_H
#define LEVELS_H

#define LEVEL_MAX 100
#define CLAMP(v, lo, hi) ((v) < (lo) ? (lo) : (v) > (hi) ? (hi) : (v))

#endif
