/* Calls library functions regcause does not model. The program loads; the first call
   that runs stops it with a located `unsupported:` naming the function. The call in
   the branch the run never takes costs nothing. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int never(void)
{
    return system("echo never");
}

int main(int argc, char **argv)
{
    (void)argv;
    printf("start\n");
    if (argc > 5)
        return never();
    long double r = powl(2.0L, 0.5L); // ~ERROR unsupported
    printf("%.6Lf\n", r);
    return 0;
}
