/* Potential dependence through long double statements: the side not taken would have
   written the long double that, combined with the input, is printed. */
#include <stdio.h>

int main(void)
{
    int x;
    if (scanf("%d", &x) != 1)
        return 1;
    long double acc = 0.5L;
    if (x > 5)
        acc = 2.5L;
    acc = acc * 3 + x;
    printf("%.2Lf\n", acc);
    return 0;
}
