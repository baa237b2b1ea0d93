/*
 * bars - draw a bar of stars for each count read from stdin.
 * Bars longer than MAX_BAR stars are cut at MAX_BAR.
 */
#include <stdio.h>

#define MAX_BAR 40

int main(void)
{
    int n, k, rows = 0;

    while (scanf("%d", &n) == 1) {
        for (k = 0; k < n && k > MAX_BAR; k++)
            putchar('*');
        printf(" %d\n", n);
        rows++;
    }
    printf("%d rows\n", rows);
    return 0;
}
