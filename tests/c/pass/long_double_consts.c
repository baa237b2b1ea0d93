/* long double in constant expressions: static initialisers of every kind folded in 80-bit
   arithmetic, conversions and comparisons in integer constant expressions (array sizes,
   enumerators, case labels). */
#include <stdio.h>
static int q = (int)((long double)1 / 3 * 3);
static int r = (long double)1 < 2;
static char a[(int)((long double)1 / 3 * 3) + 1];
static double d = (long double)1 / 3;
static unsigned long big = 18446744073709551615.0L;
static long double e = (long double)1 / 3;
int main(void)
{
    enum { K = (int)(2.5L * 2) };
    int b[(int)(7 / 2.0L)];
    switch (5) {
    case (int)(2.5L * 2):
        printf("case\n");
    }
    printf("%d %d %zu %.17g %lu %.21Lg %d %zu\n", q, r, sizeof a, d, big, e, K,
           sizeof b);
    return 0;
}
