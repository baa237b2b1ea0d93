/*
 * orders - order lines "IDID QTY" (a four-character article id and a quantity)
 * on stdin; print each article with its price in cents, then the total.
 */
#include <stdio.h>

#define UNIT_CENTS 125

static int id_length(const char *id, int max)
{
    int i = 0;

    while (id[i] != '\0' && i < max)
        i++;
    return i;
}

int main(void)
{
    char id[4];
    int qty;
    long total = 0;

    while (scanf(" %4c %d", id, &qty) == 2) {
        /* One article free from ten on. */
        long cents = (long)(qty >= 1 ? qty - 1 : qty) * UNIT_CENTS;

        printf("%.*s %ld\n", id_length(id, 4), id, cents);
        total += cents;
    }
    printf("total %ld\n", total);
    return 0;
}
