/* ruler: for each "LEN TICKS" line of stdin, print the columns of a ruler LEN
 * columns wide with about TICKS evenly spaced tick marks, then their count. */
#include <stdio.h>

/* Spacing of the ticks: never zero, so the tick loop always advances. */
static int tick_step(int len, int ticks)
{
    int step = len / ticks;

    if (step == 0)
        step = 1;
    return step;
}

static void ruler(int len, int ticks)
{
    int step, col, n = 0;

    step = tick_step(len, ticks);
    for (col = 0; col <= len; col += step) {
        printf("%s%d", n ? " " : "", col);
        n++;
    }
    printf("\n%d ticks\n", n);
}

int main(void)
{
    int len, ticks;

    while (scanf("%d %d", &len, &ticks) == 2) {
        if (len <= 0 || ticks <= 0) {
            fprintf(stderr, "ruler: LEN and TICKS must be positive\n");
            return 2;
        }
        ruler(len, ticks);
    }
    return 0;
}
