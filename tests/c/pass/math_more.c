/* frexp ldexp modf erf erfc tgamma lgamma and their float forms, on ordinary values,
   zeros, infinities, NaN and values near the edges of the range. */
#include <math.h>
#include <stdio.h>

int main(void)
{
    double xs[] = {0.0, -0.0, 1.0, -2.5, 0.1, 3.75, 1e-310, 1e300, 170.5, -1.5, 0.5};
    int n = sizeof xs / sizeof xs[0];
    for (int i = 0; i < n; i++) {
        double x = xs[i];
        int e = 99;
        double fr = frexp(x, &e);
        double ip = 99;
        double f = modf(x, &ip);
        printf("x=%a frexp=%a,%d modf=%a,%a ldexp=%a,%a\n", x, fr, e, f, ip, ldexp(x, 3),
               ldexp(x, -1074));
        printf("  erf=%.17g erfc=%.17g tgamma=%.17g lgamma=%.17g\n", erf(x), erfc(x),
               tgamma(x), lgamma(x));
        float xf = (float)x;
        int ef = 99;
        float ipf = 99;
        float frf = frexpf(xf, &ef);
        float ff = modff(xf, &ipf);
        printf("  f: frexpf=%a,%d modff=%a,%a ldexpf=%a erff=%.9g erfcf=%.9g tgammaf=%.9g "
               "lgammaf=%.9g\n",
               frf, ef, ff, ipf, ldexpf(xf, 5), erff(xf), erfcf(xf), tgammaf(xf), lgammaf(xf));
    }
    double inf = 1.0 / 0.0, nan = 0.0 / 0.0;
    int e = 7;
    double ip = 5;
    double fi = modf(inf, &ip);
    printf("inf: %g %d %g %g %g %g\n", frexp(inf, &e), e, fi, ip, erf(-inf), tgamma(-inf));
    printf("nan: %g %g %g\n", erfc(nan), lgamma(nan), ldexp(nan, 2));
    printf("lgamma(0)=%g tgamma(-1)=%g ldexp(1, 2000)=%g\n", lgamma(0.0), tgamma(-1.0),
           ldexp(1.0, 2000));
    return 0;
}
