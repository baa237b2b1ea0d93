/* minmax - the least, greatest and rounded mean of the integers of stdin. */
#include <stdio.h>

int main(void)
{
    int v, n = 0, lo = 0, hi = 0;
    long sum = 0;

    while (scanf("%d", &v) == 1) {
        if (n == 0 || v < lo)
            lo = v;
        if (n == 0 || v > hi)
            hi = v;
        sum += v;
        n++;
    }
    if (n == 0) {
        puts("empty");
        return 1;
    }
    printf("min %d max %d\n", lo, hi);
    printf("mean %ld\n", (sum + n / 2) / n);
    return 0;
}
