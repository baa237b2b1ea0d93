/* <math.h> classification in float, double and long double (fpclassify with glibc's
   FP_* values, isnan, isinf with its sign, isfinite, isnormal, signbit on values of
   each type), the comparison macros (isgreater ... isunordered, quiet on NaN), and
   nextafter, remainder, fma, fdim, scalbn, ilogb, logb, asinh, acosh, atanh,
   lroundf. Values go through volatile objects: gcc folds constant arguments. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const char *name(int c)
{
    switch (c) {
    case FP_NAN: return "nan";
    case FP_INFINITE: return "inf";
    case FP_ZERO: return "zero";
    case FP_SUBNORMAL: return "subnormal";
    case FP_NORMAL: return "normal";
    }
    return "?";
}

static int calls;

static double next(double v)
{
    calls++;
    return v;
}

int main(int argc, char **argv)
{
    double scale = argc > 1 ? atof(argv[1]) : 1.0;
    volatile double d[] = {0.0, -0.0, 1.5 * scale, -DBL_MIN / 4, DBL_MIN, -HUGE_VAL, NAN, -NAN};
    volatile float f[] = {0.0f, -0.0f, 2.5f, FLT_MIN / 8, -FLT_MIN, INFINITY, NAN, -NAN};
    volatile long double l[] = {0.0L, -0.0L, 3.5L, LDBL_MIN / 16, LDBL_MIN, -HUGE_VALL, NAN, -NAN};
    for (int i = 0; i < 8; i++) {
        double x = d[i];
        float y = f[i];
        long double z = l[i];
        printf("%d: double %s nan=%d inf=%d fin=%d norm=%d sign=%d\n", i, name(fpclassify(x)),
               isnan(x), isinf(x), isfinite(x), isnormal(x), signbit(x));
        printf("%d: float %s nan=%d inf=%d fin=%d norm=%d sign=%d\n", i, name(fpclassify(y)),
               isnan(y), isinf(y), isfinite(y), isnormal(y), signbit(y) != 0);
        printf("%d: ldouble %s nan=%d inf=%d fin=%d norm=%d sign=%d\n", i, name(fpclassify(z)),
               isnan(z), isinf(z), isfinite(z), isnormal(z), signbit(z) != 0);
    }
    volatile float sf = -2.0f;
    volatile long double sl = -2.0L;
    printf("signbit values %d %d\n", signbit(sf), signbit(sl));
    /* The argument is evaluated once. */
    int k = isnan(next(d[6])) + isinf(next(d[5])) + signbit(next(d[1])) + isfinite(next(1.0));
    printf("once: %d calls, sum %d\n", calls, k);

    volatile double a = 1.0, b = 2.0, n = NAN;
    printf("cmp %d %d %d %d %d %d\n", isgreater(b, a), isgreaterequal(a, a), isless(a, b),
           islessequal(b, a), islessgreater(a, b), isunordered(a, b));
    printf("cmp nan %d %d %d %d %d %d\n", isgreater(n, a), isgreaterequal(a, n), isless(n, b),
           islessequal(n, n), islessgreater(a, n), isunordered(a, n));
    volatile float fa = 1.5f;
    volatile long double la = 1.25L;
    printf("cmp mixed %d %d\n", isless(fa, la), isgreater(la, 1));

    volatile double one = 1.0, three = 3.0, ten = 10.0, big = 1e300, half = 0.5;
    printf("nextafter %.17g %.17g %g\n", nextafter(one, 2.0), nextafter(one, 0.0),
           nextafter(0.0, -one));
    printf("nextafterf %.9g\n", (double)nextafterf((float)one, 2.0f));
    printf("remainder %g %g %g %gf\n", remainder(ten, three), remainder(-ten, three),
           remainder(5.0, 2.0), (double)remainderf(7.0f, (float)three));
    printf("fma %.17g %.9g\n", fma(0.1, ten, -one), (double)fmaf(0.1f, 10.0f, -1.0f));
    printf("fdimf %g %g\n", (double)fdimf(5.0f, (float)three), (double)fdimf(1.0f, 4.0f));
    printf("scalbn %g %g ilogb %d %d %d logb %g %g\n", scalbn(three, 4),
           (double)scalbnf(1.0f, -3), ilogb(big), ilogbf(0.1f), ilogb(0.0), logb(ten),
           (double)logbf(half));
    printf("hyperbolic %.17g %.17g %.17g %.9g\n", asinh(half), acosh(ten), atanh(half),
           (double)asinhf((float)half));
    printf("acoshf %.9g atanhf %.9g\n", (double)acoshf(3.0f), (double)atanhf(0.25f));
    printf("lroundf %ld %lld %ld\n", lroundf(2.5f), llroundf(-3.5f), lroundf((float)half));
    return 0;
}
