/* math.h functions on a table of arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    double xs[] = {0.0, 0.5, 1.0, 2.0, 2.5, -2.5, 3.14159265358979, 10.0, 100.0, 1e-3};
    int n = (int)(sizeof xs / sizeof xs[0]);
    if (argc > 1) {
        xs[0] = atof(argv[1]);
        n = 1;
    }
    for (int i = 0; i < n; i++) {
        double x = xs[i];
        printf("x=%g\n", x);
        printf("  fabs=%.6f floor=%.1f ceil=%.1f round=%.1f trunc=%.1f\n", fabs(x), floor(x),
               ceil(x), round(x), trunc(x));
        printf("  sin=%.10f cos=%.10f tan=%.10f atan=%.10f\n", sin(x), cos(x), tan(x), atan(x));
        printf("  exp=%.10g pow(x,3)=%.10g pow(2,x)=%.10g\n", exp(x), pow(x, 3), pow(2, x));
        if (x > 0)
            printf("  sqrt=%.12f log=%.12f log10=%.12f\n", sqrt(x), log(x), log10(x));
        printf("  fmod(x,0.75)=%.10f fmod(-x,2)=%.10f atan2(x,-1)=%.10f\n", fmod(x, 0.75),
               fmod(-x, 2), atan2(x, -1));
    }
    printf("pow(2,0.5)=%.15f pow(-8,1.0/3)nan? %d pow(0,0)=%g\n", pow(2, 0.5),
           pow(-8, 1.0 / 3) != pow(-8, 1.0 / 3), pow(0, 0));
    printf("sqrt(2)^2 - 2 = %.3e\n", sqrt(2) * sqrt(2) - 2);
    printf("atan2 quadrants: %.6f %.6f %.6f %.6f\n", atan2(1, 1), atan2(1, -1), atan2(-1, -1),
           atan2(-1, 1));
    printf("round halves: %g %g %g %g\n", round(0.5), round(1.5), round(-0.5), round(-1.5));
    /* compute pi with a series and compare */
    double pi = 0;
    for (int k = 0; k < 100000; k++)
        pi += (k % 2 ? -4.0 : 4.0) / (2 * k + 1);
    printf("leibniz pi=%.8f err=%.3e\n", pi, fabs(pi - 4 * atan(1)));
    return 0;
}
