/*
 * stats - summary statistics of a list of integers.
 *
 * Input: a count n followed by n integers.  Output: count, sum, minimum,
 * maximum and the integer mean.
 */
#include <stdio.h>

#define MAX_VALUES 64

int main(void)
{
    int vals[MAX_VALUES];
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
    printf("count: %d\n", n);
    printf("sum: %ld\n", sum);
    printf("min: %d\n", lo);
    printf("max: %d\n", hi);
    printf("mean: %ld\n", sum / n);
    return 0;
}
