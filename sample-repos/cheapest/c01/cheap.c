/*
 * cheap - the cheapest of the prices (in cents) read from stdin, and its position.
 */
#include <limits.h>
#include <stdio.h>

int main(void)
{
    int price, i = 0, lowest = INT_MAX, at = -1;

    while (scanf("%d", &price) == 1) {
        i++;
        if (price < lowest) {
            lowest = price;
            at = i;
        }
    }
    if (at < 0) {
        puts("no prices");
        return 1;
    }
    printf("cheapest: item %d at %d.%02d\n", at, lowest / 100, lowest % 100);
    return 0;
}
