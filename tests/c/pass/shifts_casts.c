/* Shifts of signed and unsigned values, casts between widths, sign/zero extension. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void shifts(int k)
{
    unsigned u = 0x80000001u;
    int neg = -256;
    long long big = 0x123456789abcdefLL;
    unsigned long long ubig = 0xfedcba9876543210ULL;
    printf("k=%d\n", k);
    printf("u << k = 0x%08x, u >> k = 0x%08x\n", u << k, u >> k);
    printf("neg >> k = %d (arithmetic)\n", neg >> k);
    printf("(unsigned)neg >> k = %u\n", (unsigned)neg >> k);
    printf("big >> k = %lld, big << k = %lld\n", big >> k, big << (k & 3));
    printf("ubig >> k = %llx, ubig << k = %llx\n", ubig >> k, ubig << k);
    printf("1 << (k & 15) = %d, 1u << 31 = %u, 1ull << 63 = %llu\n", 1 << (k & 15), 1u << 31, 1ull << 63);
    unsigned char c = 0x81;
    printf("c << (k & 15) = %d, (unsigned char)(c << 1) = %d\n", c << (k & 15), (unsigned char)(c << 1));
    uint16_t h = 0xbeef;
    printf("h >> 4 = 0x%x, h << 4 = 0x%x\n", h >> 4, h << 4);
    /* rotate */
    uint32_t r = 0xdeadbeef;
    int rk = k & 31;
    uint32_t rot = rk ? (r << rk) | (r >> (32 - rk)) : r;
    printf("rotl(deadbeef, %d) = %08x\n", rk, rot);
}

static void casts(long long v)
{
    printf("v = %lld\n", v);
    printf("(char)v=%d (uchar)v=%u (short)v=%d (ushort)v=%u\n", (char)v, (unsigned char)v,
           (short)v, (unsigned short)v);
    printf("(int)v=%d (unsigned)v=%u (long)v=%ld (ulong)v=%lu\n", (int)v, (unsigned)v, (long)v,
           (unsigned long)v);
    int8_t i8 = (int8_t)v;
    uint8_t u8 = (uint8_t)v;
    int16_t i16 = (int16_t)v;
    int32_t i32 = (int32_t)v;
    uint32_t u32 = (uint32_t)v;
    printf("i8=%d u8=%u i16=%d i32=%d u32=%u\n", i8, u8, i16, i32, u32);
    /* widening: sign extension vs zero extension */
    long long from_i8 = i8, from_u8 = u8;
    unsigned long long ufrom_i8 = (unsigned long long)i8;
    printf("from_i8=%lld from_u8=%lld ufrom_i8=%llu\n", from_i8, from_u8, ufrom_i8);
    unsigned long long zext = (uint32_t)i32;
    long long sext = i32;
    printf("zext=%llu sext=%lld\n", zext, sext);
    _Bool b = (_Bool)v;
    printf("(_Bool)v=%d, !v=%d, !!v=%d\n", b, !v, !!v);
}

int main(int argc, char **argv)
{
    int k = argc > 1 ? atoi(argv[1]) : 3;
    long long v = argc > 2 ? strtoll(argv[2], NULL, 0) : 300;
    if (k < 0 || k > 31) {
        fprintf(stderr, "k out of range\n");
        return 2;
    }
    shifts(k);
    casts(v);
    casts(-v);
    casts(v * 65537);
    return 0;
}
