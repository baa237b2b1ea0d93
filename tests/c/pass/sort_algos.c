/* Sorting algorithms written by hand over a generic interface (void pointers, element size,
   comparator), checked against each other on pseudo-random data from our own LCG. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*cmp_fn)(const void *, const void *);

static unsigned long long lcg_state;
static unsigned lcg(void)
{
    lcg_state = lcg_state * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(lcg_state >> 33);
}

static long comparisons;

static int cmp_int(const void *a, const void *b)
{
    comparisons++;
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void swap_bytes(void *a, void *b, size_t size)
{
    unsigned char *p = a, *q = b;
    while (size--) {
        unsigned char t = *p;
        *p++ = *q;
        *q++ = t;
    }
}

static void insertion_sort(void *base, size_t n, size_t size, cmp_fn cmp)
{
    char *a = base;
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && cmp(a + (j - 1) * size, a + j * size) > 0; j--)
            swap_bytes(a + (j - 1) * size, a + j * size, size);
}

static void sift_down(char *a, size_t start, size_t end, size_t size, cmp_fn cmp)
{
    size_t root = start;
    while (2 * root + 1 < end) {
        size_t child = 2 * root + 1;
        if (child + 1 < end && cmp(a + child * size, a + (child + 1) * size) < 0)
            child++;
        if (cmp(a + root * size, a + child * size) >= 0)
            return;
        swap_bytes(a + root * size, a + child * size, size);
        root = child;
    }
}

static void heap_sort(void *base, size_t n, size_t size, cmp_fn cmp)
{
    char *a = base;
    for (size_t i = n / 2; i-- > 0;)
        sift_down(a, i, n, size, cmp);
    for (size_t end = n; end > 1; end--) {
        swap_bytes(a, a + (end - 1) * size, size);
        sift_down(a, 0, end - 1, size, cmp);
    }
}

static void quick_sort(void *base, size_t n, size_t size, cmp_fn cmp)
{
    char *a = base;
    if (n < 2)
        return;
    swap_bytes(a + (n / 2) * size, a + (n - 1) * size, size); /* middle element as pivot */
    char *pivot = a + (n - 1) * size;
    size_t store = 0;
    for (size_t i = 0; i + 1 < n; i++)
        if (cmp(a + i * size, pivot) < 0)
            swap_bytes(a + i * size, a + store++ * size, size);
    swap_bytes(a + store * size, pivot, size);
    quick_sort(a, store, size, cmp);
    quick_sort(a + (store + 1) * size, n - store - 1, size, cmp);
}

static void merge_sort(int *a, int *tmp, size_t n)
{
    if (n < 2)
        return;
    size_t mid = n / 2;
    merge_sort(a, tmp, mid);
    merge_sort(a + mid, tmp, n - mid);
    size_t i = 0, j = mid, k = 0;
    while (i < mid && j < n)
        tmp[k++] = cmp_int(&a[j], &a[i]) < 0 ? a[j++] : a[i++];
    while (i < mid)
        tmp[k++] = a[i++];
    while (j < n)
        tmp[k++] = a[j++];
    memcpy(a, tmp, n * sizeof *a);
}

static int is_sorted(const int *a, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (a[i - 1] > a[i])
            return 0;
    return 1;
}

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? (size_t)atoi(argv[1]) : 200;
    lcg_state = argc > 2 ? strtoull(argv[2], NULL, 10) : 7;
    int modulo = argc > 3 ? atoi(argv[3]) : 1000;
    if (modulo < 1)
        modulo = 1;
    int *orig = malloc(sizeof(int) * (n ? n : 1));
    int *work = malloc(sizeof(int) * (n ? n : 1));
    int *tmp = malloc(sizeof(int) * (n ? n : 1));
    for (size_t i = 0; i < n; i++)
        orig[i] = (int)(lcg() % (unsigned)modulo) - modulo / 2;
    static const struct {
        const char *name;
        void (*sort)(void *, size_t, size_t, cmp_fn);
    } algos[] = {{"insertion", insertion_sort}, {"heap", heap_sort}, {"quick", quick_sort}};
    unsigned long long ref_sum = 0;
    for (size_t k = 0; k < sizeof algos / sizeof algos[0]; k++) {
        memcpy(work, orig, sizeof(int) * n);
        comparisons = 0;
        algos[k].sort(work, n, sizeof(int), cmp_int);
        unsigned long long h = 0;
        for (size_t i = 0; i < n; i++)
            h = h * 31 + (unsigned)work[i];
        if (k == 0)
            ref_sum = h;
        printf("%-9s sorted=%d comparisons=%ld hash=%llx same=%d\n", algos[k].name,
               is_sorted(work, n), comparisons, h, h == ref_sum);
    }
    memcpy(work, orig, sizeof(int) * n);
    comparisons = 0;
    merge_sort(work, tmp, n);
    printf("merge     sorted=%d comparisons=%ld\n", is_sorted(work, n), comparisons);
    if (n > 0)
        printf("min=%d median=%d max=%d\n", work[0], work[n / 2], work[n - 1]);
    free(orig);
    free(work);
    free(tmp);
    return 0;
}
