/* long double special values (zeros of both signs, NaN, infinities, a subnormal) in every
   comparison, in conditions and in + - * /; out-of-range conversions to integers as gcc
   compiles them (x87 fist of 16, 32 or 64 bits: the integer indefinite). */
#include <stdio.h>

static void conversions(void)
{
    volatile long double v[] = { 1e30L, -1e30L, 3e9L, -3e9L, 70000.0L, -70000.0L, 300.0L,
                                 -300.0L, 1.8e19L, -1.0L, 0.0L / 0.0L, 1e19L, 9.3e18L };
    for (int i = 0; i < 13; i++) {
        long double x = v[i];
        printf("%d: %d %u %d %u %d %u %ld %lu\n", i, (signed char)x, (unsigned char)x, // ~WARNING undefined-behaviour
               (short)x, (unsigned short)x, (int)x, (unsigned)x, (long)x, (unsigned long)x); // ~WARNING undefined-behaviour
    }
}

int main(void)
{
    conversions();
    long double z = 0, nan = z / z, inf = 1 / z;
    long double v[] = { 0.0L, -0.0L, 1.0L, -1.0L, 0.0L / 0.0L, 1.0L / 0.0L, -1.0L / 0.0L,
                        1e-4950L, 3.0L };
    for (int i = 0; i < 9; i++) {
        for (int j = 0; j < 9; j++) {
            long double a = v[i], b = v[j];
            printf("%d%d%d%d%d%d ", a < b, a <= b, a > b, a >= b, a == b, a != b);
            if (a < b)
                printf("L");
            if (!(a >= b))
                printf("N");
            if (a && b)
                printf("A");
            if (a || b)
                printf("O");
            printf("%Lg %Lg %Lg %Lg|", a + b, a - b, a * b, a / b);
        }
        printf("\n");
    }
    printf("%d %d %Lg %Lg\n", nan == nan, inf > 1e4932L, -nan, inf - inf);
    return 0;
}
