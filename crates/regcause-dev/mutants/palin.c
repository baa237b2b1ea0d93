/* palin - for each number of stdin, its digits reversed and whether it is a palindrome. */
#include <stdio.h>

static long reverse(long n)
{
    long r = 0;

    while (n > 0) {
        r = r * 10 + n % 10;
        n /= 10;
    }
    return r;
}

int main(void)
{
    long n;

    while (scanf("%ld", &n) == 1) {
        long r = reverse(n);

        printf("%ld %ld %s\n", n, r, r == n ? "yes" : "no");
    }
    return 0;
}
