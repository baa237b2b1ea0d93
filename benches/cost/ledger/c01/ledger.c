/*
 * ledger - accounts in an open-addressing hash table, replaying a generated
 * stream of transfers, then printing a checksum of the balances per branch.
 */
#include <stdio.h>
#include <stdlib.h>

#define CAP 4096
#define ACCOUNTS 3000
#ifndef TRANSFERS /* -D TRANSFERS=900000: about 10^8 statements */
#define TRANSFERS 150000
#endif

struct account {
    unsigned id;
    long balance;
    int used;
};

static struct account table[CAP];

static unsigned slot_of(unsigned id)
{
    unsigned h = id * 2654435761u;
    return (h >> 7) % CAP;
}

/* The account with this id, created with balance 0 when absent. */
static struct account *account(unsigned id)
{
    unsigned s = slot_of(id);
    while (table[s].used && table[s].id != id)
        s = (s + 1) % CAP;
    if (!table[s].used) {
        table[s].used = 1;
        table[s].id = id;
        table[s].balance = 0;
    }
    return &table[s];
}

/* Moves amount from one account to another; refused when it would overdraw. */
static int transfer(unsigned from, unsigned to, long amount)
{
    struct account *a = account(from);
    struct account *b = account(to);
    if (a->balance - amount < -500)
        return 0;
    a->balance -= amount;
    b->balance += amount;
    return 1;
}

static unsigned seed = 2024;
static unsigned next_rand(void)
{
    seed = seed * 1103515245u + 12345u;
    return (seed >> 8) & 0xffffff;
}

int main(void)
{
    long refused = 0;
    for (unsigned i = 0; i < ACCOUNTS; i++)
        account(i * 7 + 1)->balance = 1000;
    for (long t = 0; t < TRANSFERS; t++) {
        unsigned from = (next_rand() % ACCOUNTS) * 7 + 1;
        unsigned to = (next_rand() % ACCOUNTS) * 7 + 1;
        long amount = (long)(next_rand() % 700);
        if (!transfer(from, to, amount))
            refused++;
    }
    long sums[8] = {0};
    for (unsigned s = 0; s < CAP; s++)
        if (table[s].used)
            sums[table[s].id % 8] += table[s].balance;
    for (int b = 0; b < 8; b++)
        printf("branch %d: %ld\n", b, sums[b]);
    printf("refused: %ld\n", refused);
    return 0;
}
