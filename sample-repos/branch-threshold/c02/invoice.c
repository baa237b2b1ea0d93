/*
 * invoice - total an order.
 *
 * Each input line is "QTY PRICE" with the unit price in cents.  The
 * program prints one line per order line and the total.  Lines of more
 * than five units get a bulk discount of 10%.
 */
#include <stdio.h>

static void print_money(long cents)
{
    printf("%ld.%02ld", cents / 100, cents % 100);
}

int main(void)
{
    int qty, price;
    long amount, discount;
    long total = 0;
    int line = 0;

    while (scanf("%d %d", &qty, &price) == 2) {
        line++;
        if (qty <= 0 || price < 0) {
            printf("line %d: ignored\n", line);
            continue;
        }
        amount = (long)qty * price;
        discount = 0;
        if (qty > 5)
            discount = amount / 10;
        amount -= discount;
        printf("line %d: %d x ", line, qty);
        print_money(price);
        printf(" = ");
        print_money(amount);
        if (discount > 0) {
            printf(" (bulk -");
            print_money(discount);
            printf(")");
        }
        printf("\n");
        total += amount;
    }
    printf("total: ");
    print_money(total);
    printf("\n");
    return 0;
}
