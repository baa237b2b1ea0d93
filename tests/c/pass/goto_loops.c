/* goto out of nested loops, backwards goto loops, break/continue in all loop kinds, do-while. */
#include <stdio.h>
#include <stdlib.h>

static int find_pair(int target, int *pi, int *pj)
{
    for (int i = 1; i < 50; i++)
        for (int j = i; j < 50; j++)
            for (int k = 0; k < 2; k++) {
                if (k == 1 && i * j == target) {
                    *pi = i;
                    *pj = j;
                    goto found;
                }
            }
    return 0;
found:
    return 1;
}

static int gcd_goto(int a, int b)
{
again:
    if (b == 0)
        return a;
    {
        int t = a % b;
        a = b;
        b = t;
    }
    goto again;
}

static int cleanup_style(int fail_at)
{
    int stage = 0;
    int *a = malloc(sizeof(int) * 4);
    if (fail_at == 1)
        goto out_a;
    stage = 1;
    int *b = malloc(sizeof(int) * 4);
    if (fail_at == 2)
        goto out_b;
    stage = 2;
    printf("  all stages done\n");
out_b:
    free(b);
out_a:
    free(a);
    printf("  cleanup after stage %d\n", stage);
    return stage;
}

int main(int argc, char **argv)
{
    int target = argc > 1 ? atoi(argv[1]) : 391;
    int i = 0, j = 0;
    if (find_pair(target, &i, &j))
        printf("%d = %d * %d\n", target, i, j);
    else
        printf("%d has no factor pair below 50\n", target);
    printf("gcd(1071, 462) = %d, gcd(%d, 36) = %d\n", gcd_goto(1071, 462), target,
           gcd_goto(target, 36));
    for (int f = 0; f < 3; f++) {
        printf("cleanup(%d):\n", f);
        cleanup_style(f);
    }
    /* continue in for: skip multiples of 3, break at > 20 */
    int sum = 0;
    for (int k = 0;; k++) {
        if (k % 3 == 0)
            continue;
        if (k > 20)
            break;
        sum += k;
    }
    printf("for sum=%d\n", sum);
    /* while with continue and break */
    int n = target, steps = 0;
    while (n != 1) {
        steps++;
        if (n % 2 == 0) {
            n /= 2;
            continue;
        }
        n = 3 * n + 1;
        if (steps > 1000)
            break;
    }
    printf("collatz steps for %d: %d\n", target, steps);
    /* do-while runs at least once */
    int d = 100, iters = 0;
    do {
        iters++;
        d -= 7;
    } while (d > 100);
    printf("do-while iters=%d d=%d\n", iters, d);
    do {
        if (iters++ > 5)
            break;
        if (iters % 2)
            continue;
        printf("even iters %d\n", iters);
    } while (1);
    /* nested loops with labelled-style break via flag and goto */
    int grid[5][5];
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 5; c++)
            grid[r][c] = (r * 7 + c * 3 + target) % 11;
    int fr = -1, fc = -1;
    for (int r = 0; r < 5; r++) {
        for (int c = 0; c < 5; c++) {
            if (grid[r][c] == 10) {
                fr = r;
                fc = c;
                goto done;
            }
        }
    }
done:
    printf("first 10 at (%d,%d)\n", fr, fc);
    return 0;
}
