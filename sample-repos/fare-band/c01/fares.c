/*
 * fares - price a ticket for each passenger age read from stdin.
 * Children under 12 and seniors from 65 pay reduced fares.
 */
#include <stdio.h>

int main(void)
{
    int age, total = 0;

    while (scanf("%d", &age) == 1) {
        if (age < 12) {
            puts("child 4");
            total += 4;
        } else if (age >= 12 && age < 65) {
            puts("adult 9");
            total += 9;
        } else {
            puts("senior 5");
            total += 5;
        }
    }
    printf("total %d\n", total);
    return 0;
}
