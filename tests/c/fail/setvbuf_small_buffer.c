/* A stdout buffer under 128 bytes: glibc writes each piece of a printf through it on
   its own, which the run's printf does not model. */
#include <stdio.h>

static char buf[64];

int main(void)
{
    setvbuf(stdout, buf, _IOFBF, sizeof buf); // ~ERROR unsupported
    printf("%d and %d\n", 1, 2);
    return 0;
}
