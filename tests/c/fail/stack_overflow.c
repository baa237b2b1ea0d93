/* A recursive digit counter whose base case is never reached for negative input. */
#include <stdio.h>
#include <stdlib.h>

/* kept on one line so that the call and the callee's entry share the annotated line */
static int digits(long n) { return n == 0 ? 0 : 1 + digits(n / 10 == n ? n : n / 10 - (n < 0)); } // ~ERROR stack-overflow

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : -5;
    printf("counting digits of %ld\n", n);
    printf("%d digits\n", digits(n));
    return 0;
}
