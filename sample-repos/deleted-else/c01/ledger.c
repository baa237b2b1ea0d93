/*
 * ledger - replay deposits and withdrawals on one account.
 *
 * Each input line is "d AMOUNT" (deposit) or "w AMOUNT" (withdrawal),
 * amounts in whole euros.  A withdrawal larger than the balance is
 * declined.  The balance is printed after every operation.
 */
#include <stdio.h>

int main(void)
{
    char op;
    int amount;
    long balance = 0;

    while (scanf(" %c %d", &op, &amount) == 2) {
        if (amount <= 0) {
            printf("%c %d: amount must be positive\n", op, amount);
            continue;
        }
        if (op == 'd') {
            balance += amount;
        } else if (op == 'w') {
            if (amount > balance)
                printf("w %d: declined\n", amount);
            else
                balance -= amount;
        } else {
            printf("%c: unknown operation\n", op);
            continue;
        }
        printf("balance: %ld\n", balance);
    }
    return 0;
}
