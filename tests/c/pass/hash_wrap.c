/* Unsigned wrap-around in hash functions and 64-bit multiply (FNV-1a, djb2, xorshift). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint32_t fnv1a32(const char *s)
{
    uint32_t h = 2166136261u;
    while (*s) {
        h ^= (unsigned char)*s++;
        h *= 16777619u;
    }
    return h;
}

static uint64_t fnv1a64(const char *s)
{
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < strlen(s); i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ull;
    }
    return h;
}

static unsigned long djb2(const char *s)
{
    unsigned long h = 5381;
    int c;
    while ((c = *s++) != 0)
        h = ((h << 5) + h) + (unsigned long)c;
    return h;
}

static uint16_t sum16(const char *s)
{
    uint16_t a = 0, b = 0;
    for (; *s; s++) {
        a = (uint16_t)(a + (unsigned char)*s);
        b = (uint16_t)(b + a);
    }
    return (uint16_t)(b << 8 | (a & 0xff));
}

static uint64_t xorshift64(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *state = x;
    return x;
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        printf("%-12s fnv32=%08x fnv64=%016llx djb2=%lu sum16=%u\n", argv[i], fnv1a32(argv[i]),
               (unsigned long long)fnv1a64(argv[i]), djb2(argv[i]), sum16(argv[i]));
    }
    uint64_t st = 88172645463325252ull + (uint64_t)argc;
    for (int i = 0; i < 5; i++)
        printf("xorshift %d: %llu\n", i, (unsigned long long)xorshift64(&st));
    uint32_t acc = 0;
    for (uint32_t i = 0; i < 100000; i++)
        acc = acc * 2654435761u + i;
    printf("acc=%u\n", acc);
    unsigned char bytes = 0;
    for (int i = 0; i < 1000; i++)
        bytes += (unsigned char)i;
    printf("byte sum mod 256 = %u\n", bytes);
    unsigned short half = 1;
    for (int i = 0; i < 20; i++)
        half = (unsigned short)(half * 3);
    printf("3^20 mod 65536 = %u\n", half);
    return 0;
}
