/* Bit manipulation on unsigned types: popcount, parity, reverse, masks, gray code, bitsets. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int popcount(uint64_t x)
{
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}

static uint32_t reverse_bits(uint32_t x)
{
    uint32_t r = 0;
    for (int i = 0; i < 32; i++) {
        r = (r << 1) | (x & 1u);
        x >>= 1;
    }
    return r;
}

static int highest_bit(uint64_t x)
{
    int h = -1;
    while (x) {
        x >>= 1;
        h++;
    }
    return h;
}

static unsigned gray(unsigned n) { return n ^ (n >> 1); }

static unsigned from_gray(unsigned g)
{
    unsigned n = g;
    while (g >>= 1)
        n ^= g;
    return n;
}

#define SET(bs, i) ((bs)[(i) / 64] |= 1ull << ((i) % 64))
#define TEST(bs, i) (((bs)[(i) / 64] >> ((i) % 64)) & 1ull)

int main(int argc, char **argv)
{
    uint64_t v = argc > 1 ? strtoull(argv[1], NULL, 0) : 0xF0F0F0F012345678ull;
    printf("v=%#llx popcount=%d highest=%d lowest-set=%#llx\n", (unsigned long long)v,
           popcount(v), highest_bit(v), (unsigned long long)(v & (~v + 1)));
    uint32_t lo = (uint32_t)v;
    printf("low32=%08x reversed=%08x parity=%d\n", lo, reverse_bits(lo), popcount(lo) & 1);
    printf("clear lowest: %#llx, set bit 0: %#llx, toggle 0xff: %#llx\n",
           (unsigned long long)(v & (v - 1)), (unsigned long long)(v | 1),
           (unsigned long long)(v ^ 0xff));
    bool pow2 = v != 0 && (v & (v - 1)) == 0;
    bool flags[3] = {true, false, pow2};
    printf("is power of two: %d, flags %d%d%d, sizeof(bool)=%zu, true+true=%d\n", pow2, flags[0],
           flags[1], flags[2], sizeof(bool), true + true);
    for (unsigned i = 0; i < 8; i++)
        printf("%u->%u->%u ", i, gray(i), from_gray(gray(i)));
    printf("\n");
    /* bitset sieve of small primes */
    uint64_t composite[4] = {0};
    for (int i = 2; i < 256; i++)
        if (!TEST(composite, i))
            for (int j = i * i; j < 256; j += i)
                SET(composite, j);
    int count = 0;
    for (int i = 2; i < 256; i++)
        count += !TEST(composite, i);
    printf("primes below 256: %d\n", count);
    /* field extraction and insertion with masks */
    uint32_t reg = 0;
    reg = (reg & ~(0x7u << 4)) | ((5u & 0x7u) << 4);
    reg = (reg & ~(0xffu << 16)) | ((uint32_t)(v & 0xff) << 16);
    printf("reg=%08x field4=%u field16=%u\n", reg, (reg >> 4) & 0x7u, (reg >> 16) & 0xffu);
    /* ~ on small unsigned types promotes to int */
    uint8_t b = 0x0f;
    uint8_t nb = (uint8_t)~b;
    printf("~b as int=%d stored=%u\n", ~b, nb);
    /* signed bitwise ops are on two's complement */
    int s = -6;
    printf("-6 & 0xff = %d, -6 | 1 = %d, -6 ^ -1 = %d, ~-6 = %d\n", s & 0xff, s | 1, s ^ -1, ~s);
    return popcount(v) % 50;
}
