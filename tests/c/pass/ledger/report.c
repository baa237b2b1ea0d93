#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ledger.h"

static const char *const tx_names[] = {"deposit", "withdraw", "xfer-out", "xfer-in",
                                       "interest", "fee"};

int parse_amount(const char *s, cents_t *out)
{
    cents_t whole = 0;
    int frac = 0, digits = 0;
    if (!isdigit((unsigned char)*s))
        return 0;
    for (; isdigit((unsigned char)*s); s++) {
        whole = whole * 10 + (*s - '0');
        if (whole > 100000000000LL)
            return 0;
    }
    if (*s == '.') {
        for (s++; isdigit((unsigned char)*s); s++) {
            if (++digits > 2)
                return 0;
            frac = frac * 10 + (*s - '0');
        }
        if (digits == 1)
            frac *= 10;
    }
    if (*s != '\0')
        return 0;
    *out = whole * 100 + frac;
    return 1;
}

void format_amount(cents_t c, char *buf, size_t n)
{
    char digits[32];
    cents_t a = c < 0 ? -c : c;
    int len = snprintf(digits, sizeof digits, "%lld", a / 100);
    char grouped[48];
    int g = 0;
    for (int i = 0; i < len; i++) {
        if (i > 0 && (len - i) % 3 == 0)
            grouped[g++] = ',';
        grouped[g++] = digits[i];
    }
    grouped[g] = '\0';
    snprintf(buf, n, "%s%s.%02lld", c < 0 ? "-" : "", grouped, a % 100);
}

void print_statement(const ledger *l, int id)
{
    const account *a = NULL;
    for (int i = 0; i < l->naccounts; i++)
        if (l->accounts[i].id == id)
            a = &l->accounts[i];
    if (!a) {
        printf("no account %d\n", id);
        return;
    }
    char amt[32], bal[32];
    printf("statement %d (%s, %s)%s\n", a->id, a->owner, account_kind_name(a->kind),
           a->frozen ? " FROZEN" : "");
    for (int i = 0; i < l->ntxns; i++) {
        const txn *t = &l->txns[i];
        if (t->account != id)
            continue;
        format_amount(t->amount, amt, sizeof amt);
        format_amount(t->balance_after, bal, sizeof bal);
        printf("  #%-3d %-9s %14s %14s", t->seq, tx_names[t->kind], amt, bal);
        if (t->other >= 0)
            printf("  %s %d", t->kind == TX_TRANSFER_OUT ? "to" : "from", t->other);
        putchar('\n');
    }
    format_amount(a->balance, bal, sizeof bal);
    printf("  balance %s\n", bal);
}

static int by_balance_desc(const void *x, const void *y)
{
    const account *a = x, *b = y;
    return (a->balance < b->balance) - (a->balance > b->balance);
}

static int by_owner(const void *x, const void *y)
{
    const account *a = x, *b = y;
    return strcmp(a->owner, b->owner);
}

static int by_activity(const void *x, const void *y)
{
    return ((const account *)y)->ntxns - ((const account *)x)->ntxns;
}

void print_summary(ledger *l, const char *order)
{
    account copy[MAX_ACCOUNTS];
    memcpy(copy, l->accounts, sizeof(account) * (size_t)l->naccounts);
    if (strcmp(order, "balance") == 0)
        qsort(copy, (size_t)l->naccounts, sizeof copy[0], by_balance_desc);
    else if (strcmp(order, "owner") == 0)
        qsort(copy, (size_t)l->naccounts, sizeof copy[0], by_owner);
    else if (strcmp(order, "activity") == 0)
        qsort(copy, (size_t)l->naccounts, sizeof copy[0], by_activity);
    cents_t total = 0;
    char bal[32];
    printf("summary by %s:\n", order);
    for (int i = 0; i < l->naccounts; i++) {
        format_amount(copy[i].balance, bal, sizeof bal);
        printf("  %d %-10s %-8s %14s txns=%d\n", copy[i].id, copy[i].owner,
               account_kind_name(copy[i].kind), bal, copy[i].ntxns);
        total += copy[i].balance;
    }
    format_amount(total, bal, sizeof bal);
    printf("  total %s over %d accounts, %d transactions\n", bal, l->naccounts, l->ntxns);
}
