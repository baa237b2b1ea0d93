/*
 * bars - draw a bar of stars for each count read from stdin.
 */
#include <stdio.h>

int main(void)
{
    int n, k, rows = 0;

    while (scanf("%d", &n) == 1) {
        for (k = 0; k < n; k++)
            putchar('*');
        printf(" %d\n", n);
        rows++;
    }
    printf("%d rows\n", rows);
    return 0;
}
