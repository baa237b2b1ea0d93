/* Benchmark: sieve of Eratosthenes over a char array of size N; prints prime count and a
   checksum of the primes. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    if (n < 2)
        n = 2;
    char *composite = calloc((size_t)n + 1, 1);
    long count = 0;
    unsigned long long checksum = 0;
    for (long i = 2; i <= n; i++) {
        if (composite[i])
            continue;
        count++;
        checksum = checksum * 31 + (unsigned long long)i;
        for (long j = i * i; j <= n; j += i)
            composite[j] = 1;
    }
    printf("primes up to %ld: %ld checksum %llu\n", n, count, checksum);
    free(composite);
    return 0;
}
