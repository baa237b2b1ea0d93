/*
 * cheap - the cheapest of the prices (in cents) read from stdin, and its position.
 */
#include <stdio.h>

/* No price in the catalogue reaches this. */
#define NO_PRICE 1000

int main(void)
{
    int price, i = 0, lowest = NO_PRICE, at = -1;

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
