/* qsort and bsearch with several comparators; records with equal keys keep their input order
   in glibc's (merge sort based) qsort, so ties show in the output. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
    char name[12];
    int age;
    double score;
};

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int cmp_int_desc(const void *a, const void *b) { return cmp_int(b, a); }

static int cmp_age(const void *a, const void *b)
{
    const struct rec *x = a, *y = b;
    return x->age - y->age;
}

static int cmp_score_then_name(const void *a, const void *b)
{
    const struct rec *x = a, *y = b;
    if (x->score < y->score)
        return 1;
    if (x->score > y->score)
        return -1;
    return strcmp(x->name, y->name);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int cmp_mod10(const void *a, const void *b)
{
    return *(const int *)a % 10 - *(const int *)b % 10;
}

int main(int argc, char **argv)
{
    struct rec people[] = {
        {"mia", 31, 7.5}, {"leo", 25, 9.0}, {"ana", 31, 7.5}, {"kim", 19, 6.25},
        {"bob", 25, 9.0}, {"eve", 31, 8.0}, {"sam", 19, 7.5}, {"zoe", 25, 6.25},
    };
    size_t n = sizeof people / sizeof people[0];
    qsort(people, n, sizeof people[0], cmp_age);
    printf("by age (stable ties):");
    for (size_t i = 0; i < n; i++)
        printf(" %s/%d", people[i].name, people[i].age);
    printf("\n");
    qsort(people, n, sizeof people[0], cmp_score_then_name);
    printf("by score desc, name:");
    for (size_t i = 0; i < n; i++)
        printf(" %s/%.2f", people[i].name, people[i].score);
    printf("\n");

    int nums[64];
    int k = 0;
    for (int i = 1; i < argc && k < 64; i++)
        nums[k++] = atoi(argv[i]);
    if (k == 0) {
        int defaults[] = {42, 7, 19, 3, 88, 7, 21, 0, -5, 64, 13};
        for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++)
            nums[k++] = defaults[i];
    }
    int copy[64];
    memcpy(copy, nums, sizeof(int) * (size_t)k);
    qsort(copy, (size_t)k, sizeof(int), cmp_mod10);
    printf("by last digit:");
    for (int i = 0; i < k; i++)
        printf(" %d", copy[i]);
    printf("\n");
    qsort(nums, (size_t)k, sizeof(int), cmp_int_desc);
    printf("desc:");
    for (int i = 0; i < k; i++)
        printf(" %d", nums[i]);
    printf("\n");
    qsort(nums, (size_t)k, sizeof(int), cmp_int);
    for (int probe = -5; probe <= 25; probe += 6) {
        int *hit = bsearch(&probe, nums, (size_t)k, sizeof(int), cmp_int);
        if (hit)
            printf("found %d at %td\n", probe, hit - nums);
        else
            printf("%d not found\n", probe);
    }
    const char *words[] = {"pear", "apple", "kiwi", "banana", "cherry", "apple", "date"};
    size_t nw = sizeof words / sizeof words[0];
    qsort(words, nw, sizeof words[0], cmp_str);
    for (size_t i = 0; i < nw; i++)
        printf("%s%s", words[i], i + 1 < nw ? "," : "\n");
    const char *key = "cherry";
    const char **w = bsearch(&key, words, nw, sizeof words[0], cmp_str);
    printf("cherry at %td\n", w ? w - words : (ptrdiff_t)-1);
    /* zero and one element arrays */
    qsort(nums, 0, sizeof(int), cmp_int);
    qsort(nums, 1, sizeof(int), cmp_int);
    printf("bsearch on empty: %s\n", bsearch(&k, nums, 0, sizeof(int), cmp_int) ? "hit" : "miss");
    return 0;
}
