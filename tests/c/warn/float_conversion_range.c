/* A floating value whose integral part the integer type cannot hold converts with
   undefined behaviour (C11 6.3.1.4p1). gcc's code at run time gives what the
   conversion instruction gives; regcause does the same, and warns, because gcc folds
   a constant conversion at compile time to another value. In-range conversions, and
   negative values that truncate to zero for unsigned types, do not warn. */
#include <stdio.h>

static unsigned char to_byte(double d)
{
    return (unsigned char)d; // ~WARNING undefined-behaviour
}

static int to_int(long double x)
{
    return (int)x; // ~WARNING undefined-behaviour
}

int main(void)
{
    double fine[] = { 0.0, 255.9, -0.75, 17.5 };
    for (int i = 0; i < 4; i++)
        printf("%d ", to_byte(fine[i]));
    printf("%d\n", to_int(-2147483648.9L));
    double big = 300.7;
    long double huge = 1e20L;
    printf("%d %d\n", to_byte(big), to_int(huge));
    return 0;
}
