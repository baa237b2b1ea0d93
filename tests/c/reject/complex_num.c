/* Complex arithmetic with C99 _Complex. */
#include <stdio.h>

int main(void)
{
    double _Complex z = 1.0; // ~UNSUPPORTED _Complex
    z = z * z + 2.0;
    printf("%.1f\n", (double)z);
    return 0;
}
