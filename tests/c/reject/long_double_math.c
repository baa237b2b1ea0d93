/* Calls a long double function of <math.h> that regcause does not model (sqrtl, fabsl,
   floorl, ceill, truncl, roundl and fmodl are modelled). */
#include <math.h>
#include <stdio.h>

int main(void)
{
    long double r = powl(2.0L, 0.5L); // ~UNSUPPORTED powl
    printf("%.6Lf\n", r);
    return 0;
}
