/*
 * stats - summary statistics of a list of integers.
 *
 * Input: a count n followed by n integers.  Output: count, sum, minimum,
 * maximum, the integer mean and the median (the lower middle value when
 * n is even).
 */
#include <stdio.h>
#include <string.h>

#define MAX_VALUES 64

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

int main(void)
{
    int vals[MAX_VALUES];
    int sorted[MAX_VALUES];
    int n, i;
    long sum = 0;
    int lo, hi;

    if (scanf("%d", &n) != 1 || n < 1 || n > MAX_VALUES) {
        printf("expected a count between 1 and %d\n", MAX_VALUES);
        return 0;
    }
    for (i = 0; i < n; i++) {
        if (scanf("%d", &vals[i]) != 1) {
            printf("expected %d values, got %d\n", n, i);
            return 0;
        }
    }
    lo = vals[0];
    hi = vals[0];
    for (i = 0; i < n; i++) {
        sum += vals[i];
        if (vals[i] < lo)
            lo = vals[i];
        if (vals[i] > hi)
            hi = vals[i];
    }
    memcpy(sorted, vals, sizeof(int) * (size_t)n);
    sort_ints(sorted, n);
    printf("count: %d\n", n);
    printf("sum: %ld\n", sum);
    printf("min: %d\n", lo);
    printf("max: %d\n", hi);
    printf("mean: %ld\n", sum / n);
    printf("median: %d\n", sorted[(n - 1) / 2]);
    return 0;
}
