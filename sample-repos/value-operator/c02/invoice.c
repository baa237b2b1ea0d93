/*
 * invoice - price an order read from standard input.
 *
 * Each line: QTY UNIT_PRICE VAT_CLASS DESCRIPTION
 *   UNIT_PRICE in cents; VAT_CLASS is S (standard, 20%), R (reduced, 5%) or Z (zero).
 * Orders of VOLUME_QTY or more of one article get VOLUME_PERCENT off that line.
 *
 * usage: invoice [-c CUSTOMER] [-s]
 *   -c  print the customer's name in the header
 *   -s  print only the summary
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_LINES 32
#define VOLUME_QTY 10
#define VOLUME_PERCENT 5

struct line {
    long qty;
    long price;
    char vat_class;
    char what[40];
};

struct totals {
    long net;
    long vat;
    long gross;
    long vat_by_class[3];
    int lines_by_class[3];
};

static const char classes[] = "SRZ";
static const long rates[] = {20, 5, 0};

static int class_index(char c)
{
    const char *p = strchr(classes, c);
    return (p != NULL && c != '\0') ? (int)(p - classes) : -1;
}

static void print_money(long cents)
{
    printf("%8ld.%02ld", cents / 100, cents % 100);
}

/* The volume discount of a line worth gross cents. */
static long volume_discount(long qty, long gross)
{
    return qty >= VOLUME_QTY ? gross * VOLUME_PERCENT / 100 : 0;
}

static void print_line(const struct line *l, long net, long vat)
{
    printf("%4ld x %-20s", l->qty, l->what);
    print_money(net);
    printf("  %c", l->vat_class);
    print_money(vat);
    printf("\n");
}

/* Prices one line: adds it to t and prints it unless summary. */
static void price_line(const struct line *l, struct totals *t, int summary)
{
    int k = class_index(l->vat_class);
    long gross = l->qty * l->price;
    long net = gross - volume_discount(l->qty, gross);
    /* VAT is rounded to the nearest cent. */
    long vat = (net * rates[k] - 50) / 100;

    t->net += net;
    t->vat += vat;
    t->vat_by_class[k] += vat;
    t->lines_by_class[k]++;
    t->gross += net + vat;
    if (!summary)
        print_line(l, net, vat);
}

static int parse_line(const char *s, struct line *l)
{
    int n = 0;

    if (sscanf(s, "%ld %ld %c %n", &l->qty, &l->price, &l->vat_class, &n) != 3)
        return 0;
    if (l->qty <= 0 || l->price < 0 || class_index(l->vat_class) < 0)
        return 0;
    snprintf(l->what, sizeof l->what, "%s", s + n);
    l->what[strcspn(l->what, "\n")] = '\0';
    return 1;
}

int main(int argc, char **argv)
{
    struct line lines[MAX_LINES];
    struct totals t = {0, 0, 0, {0, 0, 0}, {0, 0, 0}};
    char buf[128];
    const char *customer = NULL;
    int summary = 0, n = 0, opt, i;

    while ((opt = getopt(argc, argv, "c:s")) != -1) {
        switch (opt) {
        case 'c':
            customer = optarg;
            break;
        case 's':
            summary = 1;
            break;
        default:
            fprintf(stderr, "usage: invoice [-c CUSTOMER] [-s]\n");
            return 2;
        }
    }
    while (n < MAX_LINES && fgets(buf, sizeof buf, stdin) != NULL) {
        if (buf[0] == '#' || buf[0] == '\n')
            continue;
        if (!parse_line(buf, &lines[n])) {
            fprintf(stderr, "invoice: skipped: %s", buf);
            continue;
        }
        n++;
    }
    if (customer != NULL)
        printf("Invoice for %s\n", customer);
    for (i = 0; i < n; i++)
        price_line(&lines[i], &t, summary);
    printf("net   ");
    print_money(t.net);
    printf("\n");
    for (i = 0; i < 3; i++) {
        if (t.lines_by_class[i] == 0)
            continue;
        printf("vat %c ", classes[i]);
        print_money(t.vat_by_class[i]);
        printf("\n");
    }
    printf("total ");
    print_money(t.gross);
    printf("\n");
    return 0;
}
