/* Calls a long double function of <math.h> through a double: the call converts to and
   from long double, which regcause does not model yet. */
#include <math.h>
#include <stdio.h>

int main(void)
{
    double r = sqrtl(2.0); // ~UNSUPPORTED sqrtl
    printf("%.6f\n", r);
    return 0;
}
