/* Packs flags into bit-fields. */
#include <stdio.h>

struct flags {
    unsigned ready : 1; // ~UNSUPPORTED bit-field
    unsigned mode;
};

int main(void)
{
    struct flags f = {1, 3};
    printf("%u %u\n", f.ready, f.mode);
    return 0;
}
