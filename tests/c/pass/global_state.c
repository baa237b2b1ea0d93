/* Globals: tentative definitions, extern declarations, const tables, global pointers into
   global arrays, global structs modified by several functions, zero-initialised globals. */
#include <stdio.h>
#include <stdlib.h>

int counter;                 /* tentative definition, zero */
int counter;                 /* repeated tentative definition is fine */
extern int limit;            /* declared before its definition below */
int limit = 5;
static double weights[4] = {0.5, 0.25};
const char *const labels[] = {"low", "mid", "high"};
static int history[8];
static int *cursor = history;
static struct {
    int hits, misses;
    char last[8];
} cache_stats = {.last = "none"};
long long big_total = -1;
char global_buf[16];

static void record(int v)
{
    if (cursor == history + 8)
        cursor = history;
    *cursor++ = v;
    counter++;
}

static const char *label_for(int v) { return labels[v < limit ? 0 : v < 2 * limit ? 1 : 2]; }

static int lookup(int key)
{
    static int keys[4] = {-1, -1, -1, -1};
    static int next;
    for (int i = 0; i < 4; i++)
        if (keys[i] == key) {
            cache_stats.hits++;
            snprintf(cache_stats.last, sizeof cache_stats.last, "hit%d", i);
            return 1;
        }
    keys[next] = key;
    next = (next + 1) % 4;
    cache_stats.misses++;
    snprintf(cache_stats.last, sizeof cache_stats.last, "miss");
    return 0;
}

int main(int argc, char **argv)
{
    printf("initial: counter=%d limit=%d weights=%g,%g,%g big_total=%lld buf_empty=%d\n", counter,
           limit, weights[0], weights[1], weights[3], big_total, global_buf[0] == '\0');
    if (argc > 1)
        limit = atoi(argv[1]);
    int seq[] = {3, 7, 3, 12, 7, 1, 3, 20, 12, 5, 9};
    big_total = 0;
    for (size_t i = 0; i < sizeof seq / sizeof seq[0]; i++) {
        record(seq[i]);
        big_total += seq[i] * (long long)counter;
        printf("%2d %-4s cached=%d\n", seq[i], label_for(seq[i]), lookup(seq[i]));
    }
    printf("counter=%d cursor index=%td\n", counter, cursor - history);
    printf("history:");
    for (int i = 0; i < 8; i++)
        printf(" %d", history[i]);
    printf("\ncache hits=%d misses=%d last=%s\n", cache_stats.hits, cache_stats.misses,
           cache_stats.last);
    weights[3] = weights[0] + weights[1];
    double wsum = 0;
    for (int i = 0; i < 4; i++)
        wsum += weights[i] * seq[i];
    printf("big_total=%lld wsum=%.3f\n", big_total, wsum);
    snprintf(global_buf, sizeof global_buf, "%s/%d", labels[2], limit);
    printf("global_buf=%s\n", global_buf);
    return counter;
}
