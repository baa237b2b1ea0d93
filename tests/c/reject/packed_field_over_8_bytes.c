/* A packed struct whose 60-bit field starts at bit 63 spreads over nine bytes, which
   regcause does not model; the struct's error is reported once, not again at each
   object and member that uses it. */
#include <stdio.h>

struct __attribute__((packed)) wide {
    char tag;
    unsigned long x : 55;
    unsigned long y : 60; // ~UNSUPPORTED bit-field spread over more than 8 bytes (packed)
};

struct wide table[2];

int main(void)
{
    struct wide w;
    w.x = 1;
    w.y = 2;
    table[1] = w;
    printf("%zu %lu\n", sizeof w, (unsigned long)table[1].y);
    return 0;
}
