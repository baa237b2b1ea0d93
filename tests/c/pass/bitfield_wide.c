/* Bit-fields of 33 to 63 bits: gcc computes with their values in the field's own
   width (a 48-bit field plus 1 wraps at 2^48) unless the other operand has 64 bits;
   signed ones sign-extend from their top bit. Values come from the command line, so
   nothing folds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct bucket {
    uint64_t hash : 48;
    uint64_t dib : 16;
};

struct mixed {
    int64_t g : 40;
    unsigned long long q : 33;
    long tail : 63;
    uint64_t full : 64;
};

#define P(e) printf("%-26s %016llx %zu\n", #e, (unsigned long long)(e), sizeof(e))

int main(int argc, char **argv)
{
    uint64_t big = argc > 1 ? strtoull(argv[1], 0, 0) : 0xffffffffffffULL;
    int one = argc > 2 ? atoi(argv[2]) : 1;
    long lone = one;
    uint64_t uone = one;
    struct bucket b = {big, 3};
    struct mixed m = {-(int64_t)one, big >> 15, -(long)big, big};

    P(b.hash + one);
    P(b.hash + lone);
    P(b.hash + uone);
    P(b.hash + 1u);
    P(b.hash - b.dib);
    P(b.hash + b.hash);
    P(b.hash * 16);
    P(b.hash << 4);
    P(b.hash >> 4);
    P(b.hash / 3);
    P(b.hash % 7);
    P(-b.hash);
    P(~b.hash);
    P(b.hash | (1ULL << 60));
    P(b.hash ^ one);
    P(b.hash & 0xff00ff);
    P(b.hash == -1);
    P(b.hash == 0xffffffffffffULL);
    P(b.hash > -1);
    P(b.hash ? 1 : 0);
    P(!b.hash);
    P(one ? b.hash : uone);
    P((uint64_t)b.hash + 1);
    P((int)b.hash);
    P((double)b.hash);
    P(m.g - 1);
    P(m.g * 3);
    P(m.g + 1u);
    P(m.g + uone);
    P(m.g >> 2);
    P(m.g < 0);
    P(m.q + 1);
    P(m.q + b.hash);
    P(m.q + m.g);
    P(m.tail - 1);
    P(m.tail + big);
    P(m.full + 1);

    b.hash += one;
    P(b.hash + 0);
    b.hash = big;
    P(++b.hash);
    b.hash = big;
    P(b.hash++);
    P(b.hash + 0);
    P(b.hash--);
    P(--b.hash);
    m.g = (int64_t)1 << 39;
    P(m.g + 0);
    m.g -= one;
    P(m.g + 0);
    printf("%llx %llx %lld\n", (unsigned long long)b.hash, (unsigned long long)m.q,
           (long long)m.g);
    return 0;
}
