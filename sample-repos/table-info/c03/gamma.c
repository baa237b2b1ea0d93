/*
 * The chi-square tail probability through the incomplete gamma function:
 * a power series below a + 1, a continued fraction above.
 */
#include <math.h>
#include "tabstat.h"

#define ITMAX 200
#define EPS 1e-12
#define TINY 1e-300

/* log Gamma(x) for x > 0, by Lanczos' approximation. */
double log_gamma(double x)
{
    static const double cof[6] = {76.18009172947146,  -86.50532032941677,
                                  24.01409824083091,  -1.231739572450155,
                                  0.1208650973866179e-2, -0.5395239384953e-5};
    double y = x, tmp, ser = 1.000000000190015;
    int j;

    tmp = x + 5.5;
    tmp -= (x + 0.5) * log(tmp);
    for (j = 0; j < 6; j++)
        ser += cof[j] / ++y;
    return -tmp + log(2.5066282746310005 * ser / x);
}

/* x^a e^-x / Gamma(a), the factor both expansions share. */
static double prefactor(double a, double x)
{
    return exp(a * log(x) - x + log_gamma(a));
}

/* P(a, x) by its series. */
static double p_series(double a, double x)
{
    double ap = a, sum = 1.0 / a, del = sum;
    int n;

    for (n = 0; n < ITMAX; n++) {
        ap += 1.0;
        del *= x / ap;
        sum += del;
        if (fabs(del) < fabs(sum) * EPS)
            break;
    }
    return sum * prefactor(a, x);
}

/* Q(a, x) by its continued fraction (modified Lentz). */
static double q_fraction(double a, double x)
{
    double b = x + 1.0 - a, c = 1.0 / TINY, d = 1.0 / b, h = d;
    int i;

    for (i = 1; i <= ITMAX; i++) {
        double an = -i * (i - a), del;
        b += 2.0;
        d = an * d + b;
        if (fabs(d) < TINY)
            d = TINY;
        c = b + an / c;
        if (fabs(c) < TINY)
            c = TINY;
        d = 1.0 / d;
        del = d * c;
        h *= del;
        if (fabs(del - 1.0) < EPS)
            break;
    }
    return prefactor(a, x) * h;
}

/* The probability that a chi-square variable with df degrees of freedom exceeds chisq. */
double q_chisq(double chisq, int df)
{
    double a = 0.5 * df, x = 0.5 * chisq;

    if (df <= 0 || chisq < 0.0)
        return -1.0;
    if (x == 0.0)
        return 1.0;
    if (x < a + 1.0)
        return 1.0 - p_series(a, x);
    return q_fraction(a, x);
}
