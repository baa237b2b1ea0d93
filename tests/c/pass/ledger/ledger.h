#ifndef LEDGER_H
#define LEDGER_H

#include <stddef.h>

#define MAX_ACCOUNTS 32
#define MAX_TXNS 256
#define NAME_LEN 16

typedef long long cents_t;

typedef enum { ACC_CHECKING, ACC_SAVINGS, ACC_CREDIT } account_kind;

typedef struct {
    int id;
    char owner[NAME_LEN];
    account_kind kind;
    cents_t balance;
    cents_t limit; /* overdraft (checking) or credit line (credit) */
    int frozen;
    int ntxns;
} account;

typedef enum { TX_DEPOSIT, TX_WITHDRAW, TX_TRANSFER_OUT, TX_TRANSFER_IN, TX_INTEREST, TX_FEE } tx_kind;

typedef struct {
    int seq;
    int account;
    tx_kind kind;
    cents_t amount;
    cents_t balance_after;
    int other; /* counterpart account for transfers, -1 otherwise */
} txn;

typedef enum {
    LEDGER_OK,
    LEDGER_NO_ACCOUNT,
    LEDGER_FROZEN,
    LEDGER_INSUFFICIENT,
    LEDGER_BAD_AMOUNT,
    LEDGER_FULL,
    LEDGER_SAME_ACCOUNT
} ledger_status;

typedef struct {
    account accounts[MAX_ACCOUNTS];
    int naccounts;
    txn txns[MAX_TXNS];
    int ntxns;
    int next_seq;
} ledger;

/* account.c */
void ledger_init(ledger *l);
int account_open(ledger *l, const char *owner, account_kind kind, cents_t limit);
account *account_find(ledger *l, int id);
const char *account_kind_name(account_kind k);
int account_kind_parse(const char *s, account_kind *out);
cents_t account_available(const account *a);

/* txn.c */
ledger_status ledger_deposit(ledger *l, int id, cents_t amount);
ledger_status ledger_withdraw(ledger *l, int id, cents_t amount);
ledger_status ledger_transfer(ledger *l, int from, int to, cents_t amount);
int ledger_month_end(ledger *l, int rate_bp, cents_t fee);
const char *ledger_status_text(ledger_status s);

/* report.c */
int parse_amount(const char *s, cents_t *out);
void format_amount(cents_t c, char *buf, size_t n);
void print_statement(const ledger *l, int id);
void print_summary(ledger *l, const char *order);

#endif
