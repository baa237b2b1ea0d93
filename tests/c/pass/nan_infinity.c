/* <math.h>'s NAN, INFINITY and HUGE_VAL, and gcc's __builtin_nan/inf/huge_val, in
   static initialisers and in code, with their exact bits. */
#include <math.h>
#include <stdio.h>
#include <string.h>

static double dn = NAN;
static float fn = NAN;
static double table[] = {INFINITY, -INFINITY, HUGE_VAL, NAN};
static float ft = HUGE_VALF;

static unsigned long long bits(double d)
{
    unsigned long long b;
    memcpy(&b, &d, sizeof b);
    return b;
}

static unsigned fbits(float f)
{
    unsigned b;
    memcpy(&b, &f, sizeof b);
    return b;
}

int main(void)
{
    double d = NAN;
    float f = INFINITY;
    printf("%f %f %f %f\n", d, (double)f, dn, (double)fn);
    printf("%llx %x %llx %x\n", bits(d), fbits(f), bits(dn), fbits(fn));
    for (int i = 0; i < 4; i++)
        printf("table[%d] = %f (%llx)\n", i, table[i], bits(table[i]));
    printf("%x %zu %zu\n", fbits(ft), sizeof(NAN), sizeof(INFINITY));
    printf("%llx %x\n", bits(__builtin_nan("")), fbits(__builtin_nanf("")));
    printf("%llx %x\n", bits(__builtin_nan("0x12")), fbits(__builtin_nanf("7")));
    printf("%llx %x %llx %x\n", bits(__builtin_inf()), fbits(__builtin_inff()),
           bits(__builtin_huge_val()), fbits(__builtin_huge_valf()));
    printf("nan compares: %d %d %d\n", d == d, d != d, d < 1.0);
    printf("inf arithmetic: %f %f\n", f * 2, 1.0 / HUGE_VAL);
    printf("-NAN: %f %llx\n", -NAN, bits(-NAN));
    return 0;
}
