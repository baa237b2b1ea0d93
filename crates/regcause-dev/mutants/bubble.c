/* bubble - bubble sort the integers of stdin, counting the swaps; print both. */
#include <stdio.h>

static void swap(int *a, int *b)
{
    int t = *a;

    *a = *b;
    *b = t;
}

int main(void)
{
    int a[64];
    int n = 0, i, pass, swaps = 0;

    while (n < 64 && scanf("%d", &a[n]) == 1)
        n++;
    for (pass = 0; pass < n - 1; pass++) {
        int done = 1;

        for (i = 0; i + 1 < n - pass; i++) {
            if (a[i] > a[i + 1]) {
                swap(&a[i], &a[i + 1]);
                swaps++;
                done = 0;
            }
        }
        if (done)
            break;
    }
    for (i = 0; i < n; i++)
        printf("%d ", a[i]);
    printf("\n%d swaps\n", swaps);
    return 0;
}
