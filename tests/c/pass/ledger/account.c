#include <stdio.h>
#include <string.h>

#include "ledger.h"

static const char *const kind_names[] = {"checking", "savings", "credit"};

void ledger_init(ledger *l)
{
    memset(l, 0, sizeof *l);
    l->next_seq = 1;
}

int account_open(ledger *l, const char *owner, account_kind kind, cents_t limit)
{
    if (l->naccounts == MAX_ACCOUNTS)
        return -1;
    account *a = &l->accounts[l->naccounts];
    a->id = 1000 + l->naccounts;
    snprintf(a->owner, sizeof a->owner, "%s", owner);
    a->kind = kind;
    a->balance = 0;
    a->limit = kind == ACC_SAVINGS ? 0 : limit;
    a->frozen = 0;
    a->ntxns = 0;
    l->naccounts++;
    return a->id;
}

account *account_find(ledger *l, int id)
{
    int idx = id - 1000;
    if (idx < 0 || idx >= l->naccounts)
        return NULL;
    return &l->accounts[idx];
}

const char *account_kind_name(account_kind k) { return kind_names[k]; }

int account_kind_parse(const char *s, account_kind *out)
{
    for (int i = 0; i < 3; i++) {
        if (strcmp(s, kind_names[i]) == 0) {
            *out = (account_kind)i;
            return 1;
        }
    }
    return 0;
}

cents_t account_available(const account *a)
{
    return a->balance + a->limit;
}
