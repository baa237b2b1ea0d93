#include "ledger.h"

static const char *const status_text[] = {
    "ok", "no such account", "account frozen", "insufficient funds", "bad amount",
    "ledger full", "same account",
};

const char *ledger_status_text(ledger_status s) { return status_text[s]; }

static ledger_status record(ledger *l, account *a, tx_kind kind, cents_t amount, int other)
{
    if (l->ntxns == MAX_TXNS)
        return LEDGER_FULL;
    txn *t = &l->txns[l->ntxns++];
    t->seq = l->next_seq++;
    t->account = a->id;
    t->kind = kind;
    t->amount = amount;
    t->balance_after = a->balance;
    t->other = other;
    a->ntxns++;
    return LEDGER_OK;
}

static ledger_status check(ledger *l, int id, cents_t amount, account **out)
{
    account *a = account_find(l, id);
    if (!a)
        return LEDGER_NO_ACCOUNT;
    if (a->frozen)
        return LEDGER_FROZEN;
    if (amount <= 0)
        return LEDGER_BAD_AMOUNT;
    *out = a;
    return LEDGER_OK;
}

ledger_status ledger_deposit(ledger *l, int id, cents_t amount)
{
    account *a;
    ledger_status s = check(l, id, amount, &a);
    if (s != LEDGER_OK)
        return s;
    a->balance += amount;
    return record(l, a, TX_DEPOSIT, amount, -1);
}

ledger_status ledger_withdraw(ledger *l, int id, cents_t amount)
{
    account *a;
    ledger_status s = check(l, id, amount, &a);
    if (s != LEDGER_OK)
        return s;
    if (amount > account_available(a))
        return LEDGER_INSUFFICIENT;
    a->balance -= amount;
    return record(l, a, TX_WITHDRAW, amount, -1);
}

ledger_status ledger_transfer(ledger *l, int from, int to, cents_t amount)
{
    account *a, *b;
    ledger_status s = check(l, from, amount, &a);
    if (s != LEDGER_OK)
        return s;
    if ((s = check(l, to, amount, &b)) != LEDGER_OK)
        return s;
    if (a == b)
        return LEDGER_SAME_ACCOUNT;
    if (amount > account_available(a))
        return LEDGER_INSUFFICIENT;
    a->balance -= amount;
    b->balance += amount;
    if ((s = record(l, a, TX_TRANSFER_OUT, amount, b->id)) != LEDGER_OK)
        return s;
    return record(l, b, TX_TRANSFER_IN, amount, a->id);
}

/* Interest in basis points on positive savings balances, rounded half away from zero;
   a fee on overdrawn checking accounts; credit accounts pay interest on debt.
   Returns the number of transactions recorded. */
int ledger_month_end(ledger *l, int rate_bp, cents_t fee)
{
    int n = 0;
    for (int i = 0; i < l->naccounts; i++) {
        account *a = &l->accounts[i];
        if (a->frozen)
            continue;
        if (a->kind == ACC_SAVINGS && a->balance > 0) {
            cents_t interest = (a->balance * rate_bp + 5000) / 10000;
            if (interest > 0) {
                a->balance += interest;
                n += record(l, a, TX_INTEREST, interest, -1) == LEDGER_OK;
            }
        } else if (a->kind == ACC_CHECKING && a->balance < 0) {
            a->balance -= fee;
            n += record(l, a, TX_FEE, fee, -1) == LEDGER_OK;
        } else if (a->kind == ACC_CREDIT && a->balance < 0) {
            cents_t debt = -a->balance;
            cents_t charge = (debt * rate_bp * 2 + 5000) / 10000;
            a->balance -= charge;
            n += record(l, a, TX_INTEREST, -charge, -1) == LEDGER_OK;
        }
    }
    return n;
}
