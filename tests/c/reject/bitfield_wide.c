/* A 40-bit field of a 64-bit type: gcc computes with it in 40 bits (x + 1 wraps at
   2^40), a type regcause does not model. */
#include <stdio.h>

struct stamp {
    unsigned long ticks : 40; // ~UNSUPPORTED bit-field wider than 32 bits
    unsigned long rest : 24;
};

int main(void)
{
    struct stamp s = {0xffffffffffUL, 1};
    printf("%lx\n", (unsigned long)(s.ticks + 1));
    return 0;
}
