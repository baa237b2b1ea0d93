/* printf of doubles: %f %e %g with widths, precisions and flags, on many magnitudes. */
#include <stdio.h>
#include <stdlib.h>

static const double values[] = {
    0.0, -0.0, 1.0, -1.5, 0.1, 2.5, 3.5, 1.0 / 3.0, 123456.789, 1e-5, 1.5e-7, 6.02214076e23,
    1e15, 1e16, 1e17, 123456789012.0, 0.000123456, 99999.95, 0.5, 1e100, -2.5e-300, 314.159265358979,
};

int main(int argc, char **argv)
{
    int n = (int)(sizeof values / sizeof values[0]);
    int only = argc > 1 ? atoi(argv[1]) : -1;
    for (int i = 0; i < n; i++) {
        if (only >= 0 && i != only)
            continue;
        double v = values[i];
        printf("[%d] f=%f e=%e g=%g\n", i, v, v, v);
        printf("    .3f=%.3f 10.2f=[%10.2f] -8.3e=[%-8.3e] .0f=%.0f .0e=%.0e\n", v, v, v, v, v);
        printf("    G=%G E=%E .10g=%.10g #g=%#g +.2f=%+.2f [% .1f]\n", v, v, v, v, v, v);
        printf("    [%012.4f] [%-12.1g] [%+g] .1g=%.1g .0g=%.0g .17g=%.17g\n", v, v, v, v, v, v);
    }
    /* rounding to even of exact halves in decimal printing */
    printf("halves: %.0f %.0f %.0f %.0f %.1f %.1f %.2f\n", 0.5, 1.5, 2.5, -0.5, 0.25, 0.35, 1.005);
    printf("float arg promotes: %f %g\n", 1.1f, 3.3f);
    printf("%5.1f%%\n", 99.44);
    return 0;
}
