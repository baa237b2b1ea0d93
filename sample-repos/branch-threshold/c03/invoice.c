/*
 * invoice - total an order.
 *
 * Usage: invoice [-m]
 *
 * Each input line is "QTY PRICE" with the unit price in cents.  The
 * program prints one line per order line and the total.  Lines of more
 * than five units get a bulk discount of 10%; with -m (member), the
 * total gets a further 5% off.
 */
#include <stdio.h>
#include <string.h>

struct order_line {
    int qty;
    int price;       /* unit price, cents */
    long amount;     /* after discount, cents */
    long discount;   /* cents */
};

static void print_money(long cents)
{
    printf("%ld.%02ld", cents / 100, cents % 100);
}

/* Fills in amount and discount of one order line. */
static void price_line(struct order_line *ol)
{
    long gross = (long)ol->qty * ol->price;

    ol->discount = 0;
    if (ol->qty > 10)
        ol->discount = gross / 10;
    ol->amount = gross - ol->discount;
}

static void print_line(int n, const struct order_line *ol)
{
    printf("line %d: %d x ", n, ol->qty);
    print_money(ol->price);
    printf(" = ");
    print_money(ol->amount);
    if (ol->discount > 0) {
        printf(" (bulk -");
        print_money(ol->discount);
        printf(")");
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    struct order_line ol;
    long grand_total = 0;
    int member = argc > 1 && strcmp(argv[1], "-m") == 0;
    int n = 0;

    while (scanf("%d %d", &ol.qty, &ol.price) == 2) {
        n++;
        if (ol.qty <= 0 || ol.price < 0) {
            printf("line %d: ignored\n", n);
            continue;
        }
        price_line(&ol);
        print_line(n, &ol);
        grand_total += ol.amount;
    }
    if (member) {
        long off = grand_total * 5 / 100;

        printf("member: -");
        print_money(off);
        printf("\n");
        grand_total -= off;
    }
    printf("total: ");
    print_money(grand_total);
    printf("\n");
    return 0;
}
