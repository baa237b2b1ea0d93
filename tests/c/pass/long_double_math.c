/* The long double functions of <math.h> regcause models: sqrtl (correctly rounded),
   fabsl, floorl, ceill, truncl, roundl, fmodl. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long double k = argc > 1 ? strtold(argv[1], 0) : 2;
    printf("%.21Lg %.21Lg %.21Lg\n", sqrtl(k), sqrtl(k * k), sqrtl(k / 1e4940L));
    printf("%Lg %Lg %Lg\n", sqrtl(-k), fabsl(-k), fabsl(k - 1e30L));
    long double v[] = { k, -k, k + 0.5L, -k - 0.5L, k / 3, -k / 3 };
    for (int i = 0; i < 6; i++)
        printf("%Lg: %Lg %Lg %Lg %Lg %Lg\n", v[i], floorl(v[i]), ceill(v[i]), truncl(v[i]),
               roundl(v[i]), fmodl(v[i], 0.75L));
    printf("%Lg %Lg\n", fmodl(k, 0), fmodl(1e4000L, k));
    static long double huge = HUGE_VALL;
    printf("%Lf %Lf %d\n", huge, -HUGE_VALL, k < HUGE_VALL);
    double d = sqrtl(k);
    printf("%.17g\n", d);
    return 0;
}
