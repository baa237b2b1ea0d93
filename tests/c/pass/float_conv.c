/* Conversions between integers and floating types, float precision and rounding. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    double d = argc > 1 ? atof(argv[1]) : 2.75;
    printf("d = %.17g\n", d);
    int i = (int)d;
    long l = (long)d;
    unsigned u = d >= 0 && d < 4294967296.0 ? (unsigned)d : 0u;
    printf("(int)d=%d (long)d=%ld (unsigned)d=%u\n", i, l, u);
    float f = (float)d;
    printf("(float)d = %.9g, back to double = %.17g\n", f, (double)f);
    printf("d * 3 = %.17g, f * 3 = %.9g\n", d * 3, f * 3.0f);
    /* int -> double exactness */
    long long big = 9007199254740993LL; /* 2^53 + 1 */
    double bd = (double)big;
    printf("2^53+1 as double = %.1f, back = %lld\n", bd, (long long)bd);
    float ff = 16777217; /* 2^24 + 1 rounds */
    printf("2^24+1 as float = %.1f\n", ff);
    printf("(double)INT_MAX = %.1f, (float)INT_MAX = %.1f\n", (double)INT_MAX, (float)INT_MAX);
    unsigned long long ubig = 18446744073709551615ull;
    printf("(double)ULLONG_MAX = %.1f\n", (double)ubig);
    printf("(unsigned long long)1e19 = %llu\n", (unsigned long long)1e19);
    /* integer division vs floating division */
    int a = 7, b = 2;
    printf("7/2=%d 7/2.0=%g (double)7/2=%g (double)(7/2)=%g\n", a / b, a / 2.0, (double)a / b,
           (double)(a / b));
    /* mixed float/double arithmetic */
    float x = 0.1f;
    double y = 0.1;
    printf("0.1f == 0.1: %d, (float)0.1 == 0.1f: %d\n", x == y, (float)y == x);
    float acc = 0;
    for (int k = 0; k < 10; k++)
        acc += 0.1f;
    double dacc = 0;
    for (int k = 0; k < 10; k++)
        dacc += 0.1;
    printf("float sum=%.9g double sum=%.17g ==1: %d %d\n", acc, dacc, acc == 1.0f, dacc == 1.0);
    /* negative truncation */
    printf("(int)-2.7=%d (int)2.7=%d (int)-0.5=%d\n", (int)-2.7, (int)2.7, (int)-0.5);
    /* char/short from double */
    double cd = 65.9;
    char c = (char)cd;
    short s = (short)-1234.99;
    printf("char %c short %d\n", c, s);
    /* comparisons with NaN-free special values */
    double inf = 1e308 * 10;
    printf("inf > 1e308: %d, -inf < 0: %d, inf printed: %f %e %g\n", inf > 1e308, -inf < 0, inf,
           -inf, inf);
    double z = 0.0;
    double nz = -z;
    printf("-0.0 == 0.0: %d, printed %g %f\n", nz == z, nz, nz);
    /* float argument conversions and unsigned <-> float */
    unsigned int ui = 4000000000u;
    printf("(double)4000000000u = %.1f, (float) = %.1f\n", (double)ui, (float)ui);
    long double_to_long = (long)(d * 1e6);
    printf("(long)(d*1e6) = %ld\n", double_to_long);
    return i & 0x3f;
}
