/* Benchmark: a chained hash table of N string keys: insert, look up hits and misses,
   update counts; prints a checksum. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
    char *key;
    long value;
    struct entry *next;
};

static unsigned hash(const char *s)
{
    unsigned h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20000;
    if (n < 1)
        n = 1;
    size_t nb = 1;
    while (nb < (size_t)n)
        nb <<= 1;
    struct entry **buckets = calloc(nb, sizeof *buckets);
    char key[32];
    for (int i = 0; i < n; i++) {
        snprintf(key, sizeof key, "key%d", (i * 7919) % n);
        unsigned h = hash(key) & (unsigned)(nb - 1);
        struct entry *e;
        for (e = buckets[h]; e; e = e->next)
            if (strcmp(e->key, key) == 0)
                break;
        if (e) {
            e->value += i;
        } else {
            e = malloc(sizeof *e);
            e->key = strdup(key);
            e->value = i;
            e->next = buckets[h];
            buckets[h] = e;
        }
    }
    long hits = 0, misses = 0;
    unsigned long long checksum = 0;
    for (int i = 0; i < 2 * n; i++) {
        snprintf(key, sizeof key, "key%d", i);
        unsigned h = hash(key) & (unsigned)(nb - 1);
        struct entry *e = buckets[h];
        while (e && strcmp(e->key, key) != 0)
            e = e->next;
        if (e) {
            hits++;
            checksum = checksum * 31 + (unsigned long long)e->value;
        } else {
            misses++;
        }
    }
    for (size_t b = 0; b < nb; b++) {
        struct entry *e = buckets[b];
        while (e) {
            struct entry *next = e->next;
            free(e->key);
            free(e);
            e = next;
        }
    }
    free(buckets);
    printf("hashtable %d: hits %ld misses %ld checksum %llu\n", n, hits, misses, checksum);
    return 0;
}
