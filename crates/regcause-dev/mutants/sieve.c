/* sieve - the primes up to N (argv[1], at most 1000): how many, and the last five. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    static char composite[1001];
    int n, i, j, count = 0, shown = 0;

    if (argc != 2)
        return 2;
    n = atoi(argv[1]);
    if (n > 1000)
        n = 1000;
    for (i = 2; i * i <= n; i++)
        if (!composite[i])
            for (j = i * i; j <= n; j += i)
                composite[j] = 1;
    for (i = 2; i <= n; i++)
        if (!composite[i])
            count++;
    printf("%d primes\n", count);
    for (i = n; i >= 2 && shown < 5; i--)
        if (!composite[i]) {
            printf("%d\n", i);
            shown++;
        }
    return 0;
}
