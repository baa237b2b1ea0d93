/* An inventory manager driven by commands on stdin. Items are structs in a growable array;
   reports sort them with qsort by different keys (ties keep insertion order, as glibc's
   qsort is a stable merge sort for small arrays). Money is kept in integer cents.

   Commands:
     add SKU NAME CATEGORY QTY PRICE     (PRICE like 12.99)
     sell SKU QTY | restock SKU QTY | price SKU PRICE | remove SKU
     report name|qty|value|category|sku [desc]
     find TEXT | low N | totals | history */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum category { CAT_TOOLS, CAT_FOOD, CAT_TOYS, CAT_BOOKS, CAT_OTHER, CAT_COUNT };

static const char *const category_names[CAT_COUNT] = {"tools", "food", "toys", "books",
                                                      "other"};

struct item {
    int sku;
    char name[24];
    enum category cat;
    int qty;
    long price_cents;
    long sold;
    int seq; /* insertion order */
};

struct event {
    char kind;
    int sku;
    int qty;
    long amount;
};

struct store {
    struct item *items;
    int count, cap;
    int next_seq;
    long revenue;
    struct event history[32];
    int nhistory;
    int errors;
};

static int sort_desc;

static enum category parse_category(const char *s)
{
    for (int i = 0; i < CAT_COUNT; i++)
        if (strcmp(s, category_names[i]) == 0)
            return (enum category)i;
    return CAT_OTHER;
}

static int parse_price(const char *s, long *out)
{
    long whole = 0, frac = 0;
    int digits = 0;
    const char *p = s;
    if (!isdigit((unsigned char)*p))
        return 0;
    while (isdigit((unsigned char)*p))
        whole = whole * 10 + (*p++ - '0');
    if (*p == '.') {
        p++;
        while (isdigit((unsigned char)*p) && digits < 2) {
            frac = frac * 10 + (*p++ - '0');
            digits++;
        }
        if (digits == 1)
            frac *= 10;
    }
    if (*p)
        return 0;
    *out = whole * 100 + frac;
    return 1;
}

static const char *money(long cents, char *buf, size_t n)
{
    long a = cents < 0 ? -cents : cents;
    snprintf(buf, n, "%s$%ld.%02ld", cents < 0 ? "-" : "", a / 100, a % 100);
    return buf;
}

static struct item *find_sku(struct store *s, int sku)
{
    for (int i = 0; i < s->count; i++)
        if (s->items[i].sku == sku)
            return &s->items[i];
    return NULL;
}

static void log_event(struct store *s, char kind, int sku, int qty, long amount)
{
    if (s->nhistory == 32) {
        memmove(s->history, s->history + 1, sizeof s->history[0] * 31);
        s->nhistory--;
    }
    struct event e = {kind, sku, qty, amount};
    s->history[s->nhistory++] = e;
}

static void error(struct store *s, const char *fmt_what, int sku)
{
    s->errors++;
    printf("error: %s %d\n", fmt_what, sku);
}

static int cmp_name(const void *a, const void *b)
{
    const struct item *x = a, *y = b;
    int r = strcmp(x->name, y->name);
    return sort_desc ? -r : r;
}

static int cmp_qty(const void *a, const void *b)
{
    const struct item *x = a, *y = b;
    int r = (x->qty > y->qty) - (x->qty < y->qty);
    return sort_desc ? -r : r;
}

static int cmp_value(const void *a, const void *b)
{
    const struct item *x = a, *y = b;
    long vx = x->qty * x->price_cents, vy = y->qty * y->price_cents;
    int r = (vx > vy) - (vx < vy);
    return sort_desc ? -r : r;
}

static int cmp_category(const void *a, const void *b)
{
    const struct item *x = a, *y = b;
    int r = (int)x->cat - (int)y->cat;
    return sort_desc ? -r : r;
}

static int cmp_sku(const void *a, const void *b)
{
    const struct item *x = a, *y = b;
    int r = (x->sku > y->sku) - (x->sku < y->sku);
    return sort_desc ? -r : r;
}

static int cmp_seq(const void *a, const void *b)
{
    return ((const struct item *)a)->seq - ((const struct item *)b)->seq;
}

static void print_item(const struct item *it)
{
    char p[24], v[24];
    printf("  %5d %-20s %-6s %5d %10s %12s sold %ld\n", it->sku, it->name, category_names[it->cat],
           it->qty, money(it->price_cents, p, sizeof p),
           money(it->price_cents * it->qty, v, sizeof v), it->sold);
}

static void report(struct store *s, const char *key, int desc)
{
    static const struct {
        const char *key;
        int (*cmp)(const void *, const void *);
    } keys[] = {{"name", cmp_name}, {"qty", cmp_qty}, {"value", cmp_value},
                {"category", cmp_category}, {"sku", cmp_sku}};
    int (*cmp)(const void *, const void *) = NULL;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strcmp(keys[i].key, key) == 0)
            cmp = keys[i].cmp;
    if (!cmp) {
        printf("error: unknown report key %s\n", key);
        s->errors++;
        return;
    }
    /* start from insertion order so ties are reported in insertion order */
    qsort(s->items, (size_t)s->count, sizeof s->items[0], cmp_seq);
    sort_desc = desc;
    qsort(s->items, (size_t)s->count, sizeof s->items[0], cmp);
    sort_desc = 0;
    printf("report by %s%s (%d items):\n", key, desc ? " desc" : "", s->count);
    for (int i = 0; i < s->count; i++)
        print_item(&s->items[i]);
}

static void totals(const struct store *s)
{
    long value[CAT_COUNT] = {0};
    int qty[CAT_COUNT] = {0};
    long all = 0;
    for (int i = 0; i < s->count; i++) {
        value[s->items[i].cat] += s->items[i].qty * s->items[i].price_cents;
        qty[s->items[i].cat] += s->items[i].qty;
        all += s->items[i].qty * s->items[i].price_cents;
    }
    char buf[24];
    for (int c = 0; c < CAT_COUNT; c++)
        if (qty[c])
            printf("  %-6s qty %5d value %12s\n", category_names[c], qty[c],
                   money(value[c], buf, sizeof buf));
    printf("  stock value %s", money(all, buf, sizeof buf));
    printf(", revenue %s\n", money(s->revenue, buf, sizeof buf));
}

static void find_text(const struct store *s, const char *text)
{
    char needle[24];
    size_t n = 0;
    for (; text[n] && n < sizeof needle - 1; n++)
        needle[n] = (char)tolower((unsigned char)text[n]);
    needle[n] = '\0';
    int hits = 0;
    for (int i = 0; i < s->count; i++) {
        char lower[24];
        size_t k;
        for (k = 0; s->items[i].name[k]; k++)
            lower[k] = (char)tolower((unsigned char)s->items[i].name[k]);
        lower[k] = '\0';
        if (strstr(lower, needle)) {
            print_item(&s->items[i]);
            hits++;
        }
    }
    printf("  %d match%s for '%s'\n", hits, hits == 1 ? "" : "es", text);
}

static void add_item(struct store *s, int sku, const char *name, const char *cat, int qty,
                     long price)
{
    if (find_sku(s, sku)) {
        error(s, "duplicate sku", sku);
        return;
    }
    if (s->count == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 4;
        s->items = realloc(s->items, sizeof *s->items * (size_t)s->cap);
    }
    struct item *it = &s->items[s->count++];
    memset(it, 0, sizeof *it);
    it->sku = sku;
    snprintf(it->name, sizeof it->name, "%s", name);
    for (char *c = it->name; *c; c++)
        if (*c == '_')
            *c = ' ';
    it->cat = parse_category(cat);
    it->qty = qty;
    it->price_cents = price;
    it->seq = s->next_seq++;
    log_event(s, 'A', sku, qty, price);
}

int main(void)
{
    struct store s;
    memset(&s, 0, sizeof s);
    char line[160];
    int lineno = 0;
    while (fgets(line, sizeof line, stdin)) {
        lineno++;
        char cmd[16], a1[32], a2[32], a3[32], a4[32], a5[32];
        int n = sscanf(line, "%15s %31s %31s %31s %31s %31s", cmd, a1, a2, a3, a4, a5);
        if (n <= 0 || cmd[0] == '#')
            continue;
        if (strcmp(cmd, "add") == 0 && n == 6) {
            long price;
            if (!parse_price(a5, &price)) {
                error(&s, "bad price on line", lineno);
                continue;
            }
            add_item(&s, atoi(a1), a2, a3, atoi(a4), price);
        } else if ((strcmp(cmd, "sell") == 0 || strcmp(cmd, "restock") == 0) && n == 3) {
            struct item *it = find_sku(&s, atoi(a1));
            int q = atoi(a2);
            if (!it) {
                error(&s, "no such sku", atoi(a1));
            } else if (q <= 0) {
                error(&s, "bad quantity for", it->sku);
            } else if (cmd[0] == 's') {
                if (q > it->qty) {
                    printf("cannot sell %d of %s: only %d left\n", q, it->name, it->qty);
                    continue;
                }
                it->qty -= q;
                it->sold += q;
                s.revenue += q * it->price_cents;
                log_event(&s, 'S', it->sku, q, q * it->price_cents);
            } else {
                it->qty += q;
                log_event(&s, 'R', it->sku, q, 0);
            }
        } else if (strcmp(cmd, "price") == 0 && n == 3) {
            struct item *it = find_sku(&s, atoi(a1));
            long price;
            if (!it)
                error(&s, "no such sku", atoi(a1));
            else if (!parse_price(a2, &price))
                error(&s, "bad price for", it->sku);
            else {
                log_event(&s, 'P', it->sku, 0, price - it->price_cents);
                it->price_cents = price;
            }
        } else if (strcmp(cmd, "remove") == 0 && n == 2) {
            struct item *it = find_sku(&s, atoi(a1));
            if (!it) {
                error(&s, "no such sku", atoi(a1));
                continue;
            }
            log_event(&s, 'X', it->sku, it->qty, 0);
            *it = s.items[--s.count];
        } else if (strcmp(cmd, "report") == 0 && n >= 2) {
            report(&s, a1, n >= 3 && strcmp(a2, "desc") == 0);
        } else if (strcmp(cmd, "find") == 0 && n == 2) {
            find_text(&s, a1);
        } else if (strcmp(cmd, "low") == 0 && n == 2) {
            int limit = atoi(a1);
            printf("low stock (< %d):", limit);
            for (int i = 0; i < s.count; i++)
                if (s.items[i].qty < limit)
                    printf(" %d(%d)", s.items[i].sku, s.items[i].qty);
            printf("\n");
        } else if (strcmp(cmd, "totals") == 0) {
            totals(&s);
        } else if (strcmp(cmd, "history") == 0) {
            char buf[24];
            for (int i = 0; i < s.nhistory; i++)
                printf("  %c %5d %4d %s\n", s.history[i].kind, s.history[i].sku,
                       s.history[i].qty, money(s.history[i].amount, buf, sizeof buf));
        } else {
            s.errors++;
            printf("error: cannot parse line %d: %s", lineno, line);
        }
    }
    printf("%d items, %d errors\n", s.count, s.errors);
    free(s.items);
    return s.errors ? 3 : 0;
}
