/* gcd - for each pair of positive integers on stdin, print their gcd and lcm. */
#include <stdio.h>

static long gcd(long a, long b)
{
    while (b != 0) {
        long t = a % b;

        a = b;
        b = t;
    }
    return a;
}

int main(void)
{
    long a, b;

    while (scanf("%ld %ld", &a, &b) == 2) {
        long g = gcd(a, b);

        printf("gcd %ld lcm %ld\n", g, a / g * b);
    }
    return 0;
}
