/* The float forms of <math.h> and more C99 double functions, on inputs gcc cannot fold
   at compile time (volatile), printed with their exact bits. */
#include <math.h>
#include <stdio.h>
#include <string.h>

static volatile float fin[] = {0.5f, -1.25f, 3.0f, 100.0f, 1e-3f, -0.0f, 2.5f, -2.5f};
static volatile double din[] = {0.5, -1.25, 3.0, 1e-10, -0.0, 2.5, -2.5, 1e300};

static unsigned fb(float f)
{
    unsigned b;
    memcpy(&b, &f, sizeof b);
    return b;
}

static unsigned long long db(double d)
{
    unsigned long long b;
    memcpy(&b, &d, sizeof b);
    return b;
}

int main(void)
{
    for (int i = 0; i < 8; i++) {
        float x = fin[i], y = fin[(i + 3) % 8];
        float ax = x < 0 ? -x : x;
        printf("f %g: %08x %08x %08x %08x %08x %08x %08x %08x\n", (double)x, fb(sqrtf(ax)),
               fb(floorf(x)), fb(ceilf(x)), fb(expf(x)), fb(logf(ax)), fb(log10f(ax)),
               fb(log2f(ax)), fb(exp2f(x)));
        printf("  %08x %08x %08x %08x %08x %08x %08x\n", fb(sinf(x)), fb(cosf(x)), fb(tanf(x)),
               fb(atanf(x)), fb(sinhf(x)), fb(coshf(x)), fb(tanhf(x)));
        printf("  %08x %08x %08x %08x %08x\n", fb(roundf(x)), fb(truncf(x)), fb(cbrtf(x)),
               fb(asinf(x / 4)), fb(acosf(x / 4)));
        printf("  %08x %08x %08x %08x %08x %08x %08x\n", fb(powf(ax, y)), fb(fmodf(x, y)),
               fb(atan2f(x, y)), fb(fminf(x, y)), fb(fmaxf(x, y)), fb(hypotf(x, y)),
               fb(copysignf(x, y)));
    }
    for (int i = 0; i < 8; i++) {
        double x = din[i], y = din[(i + 5) % 8];
        printf("d %g: %016llx %016llx %016llx %016llx\n", x, db(expm1(x)), db(log1p(x)),
               db(rint(x)), db(nearbyint(x)));
        printf("  %016llx %016llx %ld %lld\n", db(copysign(x, y)), db(fdim(x, y)), lround(x),
               llround(x));
    }
    return 0;
}
