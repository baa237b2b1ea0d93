/*
 * mean - the mean of the durations (in seconds) read from stdin, printed in
 * milliseconds.
 */
#include <stdio.h>

int main(void)
{
    double d, sum = 0;
    int n = 0;

    while (scanf("%lf", &d) == 1) {
        sum += d;
        n++;
    }
    if (n == 0) {
        puts("no durations");
        return 1;
    }
    printf("%d durations\n", n);
    printf("mean %d ms\n", (int)(sum / n * 1000));
    return 0;
}
