/*
 * stats - summary statistics of a list of integers.
 *
 * Usage: stats [-r]
 *
 * Input: a count n followed by n integers.  Output: count, sum, minimum,
 * maximum, the integer mean and the median (the lower middle value when
 * n is even).  With -r, also the range (maximum - minimum).
 */
#include <stdio.h>
#include <string.h>

#define MAX_SAMPLES 64

/* Sorts a[0..n-1] in ascending order; n is small, so insertion sort. */
static void sort_ints(int *a, int n)
{
    int i, j, key;

    for (i = 1; i < n; i++) {
        key = a[i];
        j = i - 1;
        while (j >= 0 && a[j] > key) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = key;
    }
}

static long array_sum(const int *a, int n)
{
    long s = 0;
    int i;

    for (i = 0; i < n; i++)
        s += a[i];
    return s;
}

static int array_min(const int *a, int n)
{
    int m = a[0];
    int i;

    for (i = 1; i < n; i++)
        if (a[i] < m)
            m = a[i];
    return m;
}

static int array_max(const int *a, int n)
{
    int m = a[0];
    int i;

    for (i = 1; i < n - 1; i++)
        if (a[i] > m)
            m = a[i];
    return m;
}

int main(int argc, char **argv)
{
    int samples[MAX_SAMPLES];
    int sorted[MAX_SAMPLES];
    int show_range = argc > 1 && strcmp(argv[1], "-r") == 0;
    int n, i;
    long sum;
    int lo, hi;

    if (scanf("%d", &n) != 1 || n < 1 || n > MAX_SAMPLES) {
        printf("expected a count between 1 and %d\n", MAX_SAMPLES);
        return 0;
    }
    for (i = 0; i < n; i++) {
        if (scanf("%d", &samples[i]) != 1) {
            printf("expected %d values, got %d\n", n, i);
            return 0;
        }
    }
    sum = array_sum(samples, n);
    lo = array_min(samples, n);
    hi = array_max(samples, n);
    memcpy(sorted, samples, sizeof(int) * (size_t)n);
    sort_ints(sorted, n);
    printf("count: %d\n", n);
    printf("sum: %ld\n", sum);
    printf("min: %d\n", lo);
    printf("max: %d\n", hi);
    printf("mean: %ld\n", sum / n);
    printf("median: %d\n", sorted[(n - 1) / 2]);
    if (show_range)
        printf("range: %d\n", hi - lo);
    return 0;
}
