/* Accumulates in extended precision. */
#include <stdio.h>

int main(void)
{
    long double acc = 0; // ~UNSUPPORTED long double
    for (int i = 1; i <= 10; i++)
        acc += 1.0 / i;
    printf("%.6f\n", (double)acc);
    return 0;
}
