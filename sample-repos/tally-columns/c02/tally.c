/*
 * tally - count the digits 0-9 of stdin and print each count, then the total,
 * right-aligned in a column five characters wide.
 */
#include <stdio.h>

static int digits(int n)
{
    int d = 0;

    while (n > 0) {
        d++;
        n /= 10;
    }
    return d;
}

static void right(int v)
{
    int k;

    for (k = digits(v); k < 5; k++)
        putchar(' ');
    printf("%d", v);
}

int main(void)
{
    int count[10] = { 0 };
    int ch, d, total = 0;

    while ((ch = getchar()) != EOF)
        if (ch >= '0' && ch <= '9') {
            count[ch - '0']++;
            total++;
        }
    if (total == 0) {
        puts("no digits");
        return 0;
    }
    for (d = 0; d < 10; d++) {
        printf("%d:", d);
        right(count[d]);
        putchar('\n');
    }
    printf("=:");
    right(total);
    putchar('\n');
    return 0;
}
