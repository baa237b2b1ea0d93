#ifndef _REGCAUSE_MATH_H
#define _REGCAUSE_MATH_H

#define HUGE_VAL (1.0 / 0.0)
#define HUGE_VALF (1.0f / 0.0f)
#define HUGE_VALL (1.0L / 0.0L)
#define INFINITY (1.0f / 0.0f)
/* glibc's NAN is a positive quiet float NaN (0x7fc00000). 0.0f/0.0f is not: gcc folds
   it to +NaN in static initialisers but x86 computes -NaN at run time. */
#define NAN (__builtin_nanf(""))

/* glibc's values (available by default, as with gcc -std=gnu11). */
#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440

double sqrt(double x);
double pow(double x, double y);
double fabs(double x);
float fabsf(float x);
double floor(double x);
double ceil(double x);
double fmod(double x, double y);
double exp(double x);
double log(double x);
double log10(double x);
double sin(double x);
double cos(double x);
double tan(double x);
double atan(double x);
double atan2(double y, double x);
double round(double x);
double asin(double x);
double acos(double x);
double sinh(double x);
double cosh(double x);
double tanh(double x);
double fmin(double x, double y);
double fmax(double x, double y);
double hypot(double x, double y);
double cbrt(double x);
double log2(double x);
double exp2(double x);
double trunc(double x);
float sqrtf(float x);
float floorf(float x);
float ceilf(float x);
float expf(float x);
float logf(float x);
float log10f(float x);
float log2f(float x);
float exp2f(float x);
float sinf(float x);
float cosf(float x);
float tanf(float x);
float asinf(float x);
float acosf(float x);
float atanf(float x);
float sinhf(float x);
float coshf(float x);
float tanhf(float x);
float roundf(float x);
float truncf(float x);
float cbrtf(float x);
float powf(float x, float y);
float fmodf(float x, float y);
double frexp(double x, int *exp);
float frexpf(float x, int *exp);
double ldexp(double x, int exp);
float ldexpf(float x, int exp);
double modf(double x, double *iptr);
float modff(float x, float *iptr);
double erf(double x);
float erff(float x);
double erfc(double x);
float erfcf(float x);
double tgamma(double x);
float tgammaf(float x);
double lgamma(double x);
float lgammaf(float x);
float atan2f(float x, float y);
float fminf(float x, float y);
float fmaxf(float x, float y);
float hypotf(float x, float y);
float copysignf(float x, float y);
double expm1(double x);
double log1p(double x);
double rint(double x);
double nearbyint(double x);
double copysign(double x, double y);
double fdim(double x, double y);
long lround(double x);
long long llround(double x);
long double sqrtl(long double x);
long double fabsl(long double x);
long double floorl(long double x);
long double ceill(long double x);
long double truncl(long double x);
long double roundl(long double x);
long double fmodl(long double x, long double y);
double nextafter(double x, double y);
float nextafterf(float x, float y);
double remainder(double x, double y);
float remainderf(float x, float y);
double fma(double x, double y, double z);
float fmaf(float x, float y, float z);
float fdimf(float x, float y);
double scalbn(double x, int n);
float scalbnf(float x, int n);
int ilogb(double x);
int ilogbf(float x);
double logb(double x);
float logbf(float x);
double asinh(double x);
float asinhf(float x);
double acosh(double x);
float acoshf(float x);
double atanh(double x);
float atanhf(float x);
long lroundf(float x);
long long llroundf(float x);

/* Classification, with glibc's values. The macros call glibc's own functions chosen by
   the argument's size, as glibc's <math.h> did before gcc's built-ins, so the argument
   is evaluated once. */
#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
#define FP_ILOGB0 (-2147483647 - 1)
#define FP_ILOGBNAN (-2147483647 - 1)
int __fpclassify(double x);
int __fpclassifyf(float x);
int __fpclassifyl(long double x);
int __isinf(double x);
int __isinff(float x);
int __isinfl(long double x);
int __signbit(double x);
int __signbitf(float x);
int __signbitl(long double x);
/* 0 unordered, 1 less, 2 equal, 4 greater (exact: float and double widen exactly). */
int __regcause_fpcompare(long double x, long double y);
#define __REGCAUSE_TG(__fn, x) \
    (sizeof(x) == sizeof(float) ? __fn##f(x) : sizeof(x) == sizeof(double) ? __fn(x) : __fn##l(x))
#define fpclassify(x) __REGCAUSE_TG(__fpclassify, x)
#define isnan(x) (fpclassify(x) == FP_NAN)
#define isinf(x) __REGCAUSE_TG(__isinf, x)
#define isfinite(x) (fpclassify(x) > FP_INFINITE)
#define isnormal(x) (fpclassify(x) == FP_NORMAL)
#define signbit(x) __REGCAUSE_TG(__signbit, x)
#define isgreater(x, y) ((__regcause_fpcompare(x, y) & 4) != 0)
#define isgreaterequal(x, y) ((__regcause_fpcompare(x, y) & 6) != 0)
#define isless(x, y) ((__regcause_fpcompare(x, y) & 1) != 0)
#define islessequal(x, y) ((__regcause_fpcompare(x, y) & 3) != 0)
#define islessgreater(x, y) ((__regcause_fpcompare(x, y) & 5) != 0)
#define isunordered(x, y) (__regcause_fpcompare(x, y) == 0)

#endif
