/*
 * ledger - replay deposits, withdrawals and fees on one account.
 *
 * Each input line is "d AMOUNT" (deposit), "w AMOUNT" (withdrawal) or
 * "f AMOUNT" (bank fee, always charged), amounts in whole euros.  A
 * withdrawal larger than the balance is declined.  The balance is
 * printed after every operation, and a summary at the end.
 */
#include <stdio.h>

struct account {
    long balance;
    int ops;
    int declined;
};

static void deposit(struct account *acct, int amount)
{
    acct->balance += amount;
}

static void withdraw(struct account *acct, int amount)
{
    if (amount > acct->balance) {
        printf("w %d: declined\n", amount);
        acct->declined++;
    }
    acct->balance -= amount;
}

/* Fees may overdraw the account. */
static void charge_fee(struct account *acct, int amount)
{
    acct->balance -= amount;
}

int main(void)
{
    struct account acct = { 0, 0, 0 };
    char op;
    int amount;

    while (scanf(" %c %d", &op, &amount) == 2) {
        if (amount <= 0) {
            printf("%c %d: amount must be positive\n", op, amount);
            continue;
        }
        switch (op) {
        case 'd':
            deposit(&acct, amount);
            break;
        case 'w':
            withdraw(&acct, amount);
            break;
        case 'f':
            charge_fee(&acct, amount);
            break;
        default:
            printf("%c: unknown operation\n", op);
            continue;
        }
        acct.ops++;
        printf("balance: %ld\n", acct.balance);
    }
    printf("%d operation(s), %d declined, final balance %ld\n", acct.ops, acct.declined,
           acct.balance);
    return 0;
}
