/* <stdint.h> and <limits.h>: exact-width types, their limits, and arithmetic at the edges
   (unsigned wrap only; signed values stay in range). */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int k = argc > 1 ? atoi(argv[1]) : 1;
    printf("int8 %d..%d uint8 %u\n", INT8_MIN, INT8_MAX, UINT8_MAX);
    printf("int16 %d..%d uint16 %u\n", INT16_MIN, INT16_MAX, UINT16_MAX);
    printf("int32 %d..%d uint32 %u\n", INT32_MIN, INT32_MAX, UINT32_MAX);
    printf("int64 %lld..%lld uint64 %llu\n", (long long)INT64_MIN, (long long)INT64_MAX,
           (unsigned long long)UINT64_MAX);
    printf("SIZE_MAX %zu\n", SIZE_MAX);
    uint8_t u8 = UINT8_MAX;
    uint16_t u16 = UINT16_MAX;
    uint32_t u32 = UINT32_MAX;
    uint64_t u64 = UINT64_MAX;
    u8 = (uint8_t)(u8 + k);
    u16 = (uint16_t)(u16 + k);
    u32 += (uint32_t)k;
    u64 += (uint64_t)k;
    printf("max + %d wraps: %u %u %u %llu\n", k, u8, u16, u32, (unsigned long long)u64);
    int8_t i8 = (int8_t)(INT8_MAX - k + 1);
    int16_t i16 = (int16_t)(INT16_MIN + k);
    int32_t i32 = INT32_MAX - k;
    int64_t i64 = INT64_MIN + k;
    printf("near edges: %d %d %d %lld\n", i8, i16, i32, (long long)i64);
    printf("negations: %d %lld\n", -(INT32_MIN + 1), -(long long)INT32_MIN);
    printf("INT_MIN as unsigned %u, LLONG_MIN as ull %llu\n", (unsigned)INT_MIN,
           (unsigned long long)LLONG_MIN);
    printf("-INT_MIN in long: %ld\n", -(long)INT_MIN);
    uint32_t prod = 65537u * 65537u;
    uint64_t prod64 = 4294967297ull * 4294967297ull;
    printf("products wrap: %u %llu\n", prod, (unsigned long long)prod64);
    int32_t halves = INT32_MAX / 2 + INT32_MAX / 2;
    printf("halves sum %d\n", halves);
    intptr_t ip = -k;
    uintptr_t up = (uintptr_t)ip;
    printf("intptr %ld uintptr %lu\n", (long)ip, (unsigned long)up);
    int_least16_t l16 = -300;
    uint_fast8_t f8 = 200;
    printf("least16 %d fast8 %u sizes %zu %zu\n", l16, (unsigned)f8, sizeof l16, sizeof f8);
    return 0;
}
