/* Average of the numbers on stdin; with no numbers it divides by a zero count. */
#include <stdio.h>

int main(void)
{
    int v, sum = 0, count = 0;
    while (scanf("%d", &v) == 1) {
        sum += v;
        count++;
    }
    printf("read %d numbers\n", count);
    int avg = sum / count; // ~ERROR division-by-zero
    printf("average %d\n", avg);
    return 0;
}
