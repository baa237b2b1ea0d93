/*
 * invoice - total an order.
 *
 * Each input line is "QTY PRICE" with the unit price in cents.  The
 * program prints one line per order line and the total.
 */
#include <stdio.h>

static void print_money(long cents)
{
    printf("%ld.%02ld", cents / 100, cents % 100);
}

int main(void)
{
    int qty, price;
    long amount;
    long total = 0;
    int line = 0;

    while (scanf("%d %d", &qty, &price) == 2) {
        line++;
        if (qty <= 0 || price < 0) {
            printf("line %d: ignored\n", line);
            continue;
        }
        amount = (long)qty * price;
        printf("line %d: %d x ", line, qty);
        print_money(price);
        printf(" = ");
        print_money(amount);
        printf("\n");
        total += amount;
    }
    printf("total: ");
    print_money(total);
    printf("\n");
    return 0;
}
