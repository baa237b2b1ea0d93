/* Conversions of floating constants that do not fit the integer type are undefined;
   gcc folds them at compile time, saturating to the type's limit (a NaN gives 0), and
   regcause folds them the same way: in static initialisers (double and long double)
   and on constant operands in code. */
#include <stdio.h>

static unsigned char byte = 300.7;
static int big = 1e20;
static int small = -1e20;
static short neg_to_unsigned = -5.0;
static unsigned char ld_byte = 300.7L;
static long ld_big = 1e30L;
static int in_range = 17.9;

int main(void)
{
    unsigned char b = 300.7;
    int i = -3e10;
    unsigned u = 5e9;
    printf("%d %d %d %d %d %ld %d\n", byte, big, small, neg_to_unsigned, ld_byte, ld_big,
           in_range);
    printf("%d %d %u\n", b, i, u);
    return 0;
}
